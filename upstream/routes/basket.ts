import { Hono } from 'hono';
import type { UpstreamEnv } from '../context.ts';

// The basket service of the reference upstream (mounted in upstream/app.ts).
export const basketService = new Hono<UpstreamEnv>();
