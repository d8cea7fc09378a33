import { Hono } from 'hono';
import type { UpstreamEnv } from '../context.ts';

// Weekly ad, sponsored placements and recommendations of the reference upstream (mounted in upstream/app.ts).
export const promotionsService = new Hono<UpstreamEnv>();
