import { Hono } from 'hono';
import type { UpstreamEnv } from '../context.ts';

// The identity service of the reference upstream (mounted in upstream/app.ts).
export const identityService = new Hono<UpstreamEnv>();
