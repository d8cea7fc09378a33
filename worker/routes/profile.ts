import { Hono } from 'hono';
import {
  AppDataResponseSchema,
  CustomerProfileResponseSchema,
  PROFILE_DATA_PATHS,
} from '../../src/lib/account/profile.ts';
import { SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import type { EdgeEnv } from '../types.ts';
import type { Capability } from '../capability.ts';

// account §7 Profile and data at the edge, beside basic/profile (worker/routes/preferences.ts):
//   GET /accountmanagement/api/appData            -> { data: { banner, toggles, profile, preferredStore } }
//   GET /atlas/v1/customer-profile/v1/profile     -> { data: { profile } } (basic/profile's, plus identity facts)
// Signed in only (401 otherwise), validated both ways; the answers are private (no-store).
// docs/decisions/510-last-spec-surfaces.md

const profileRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const profileCapability: Capability = {
  routes: profileRoutes,
  apiPrefixes: ['/accountmanagement/api/', '/atlas/v1/'],
  registry: {
    api: [
      { method: 'GET', path: '/accountmanagement/api/appData', sample: {}, needsSignIn: true },
      { method: 'GET', path: '/atlas/v1/customer-profile/v1/profile', sample: {}, needsSignIn: true },
    ],
  },
};

for (const [path, schema] of [
  [PROFILE_DATA_PATHS.APP_DATA, AppDataResponseSchema],
  [PROFILE_DATA_PATHS.CUSTOMER_PROFILE, CustomerProfileResponseSchema],
] as const) {
  profileRoutes.get(path, requireSession(SIGN_IN_REASONS.PROFILE, { fullSignIn: true }), async (c) => {
    const { data } = await c.get('upstream').json({ path }, schema);
    return c.json(data, 200);
  });
}
