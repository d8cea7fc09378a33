import { Hono } from 'hono';
import type { UpstreamEnv } from '../context.ts';

// The catalog service of the reference upstream (mounted in upstream/app.ts).
export const catalogService = new Hono<UpstreamEnv>();
