import { Hono } from 'hono';
import type { EdgeEnv } from '../types.ts';

// Routes of this area are added here (one Hono app per resource, mounted in worker/app.ts).
export const authRoutes = new Hono<EdgeEnv>();
