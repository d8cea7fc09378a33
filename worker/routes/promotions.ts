import { Hono } from 'hono';
import type { EdgeEnv } from '../types.ts';

// Weekly ad, sponsored placement tracking and recommendations (mounted in worker/app.ts).
export const promotionsRoutes = new Hono<EdgeEnv>();
