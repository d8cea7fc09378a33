import { Hono, type Context } from 'hono';
import { preferredLocationId } from '../../src/lib/account/preferences.ts';
import { ACCOUNT_TOGGLE_NAMES, PROFILE_DATA_PATHS, type AppDataOutput } from '../../src/lib/account/profile.ts';
import { BANNERS, isBannerId } from '../../src/lib/banner/banners.ts';
import type { UpstreamEnv } from '../context.ts';
import { bannerStore, customerProfileOf, profileOf } from '../db/profile.ts';
import { requireCustomer } from '../middleware/require-customer.ts';

// account §7 Profile and data, the reads beside basic/profile (upstream/routes/preferences.ts):
//   GET /accountmanagement/api/appData            the account area's start-up data
//   GET /atlas/v1/customer-profile/v1/profile     the whole customer record
// Both for a live customer only (401 otherwise); writes stay on basic/profile/update.
// docs/decisions/510-last-spec-surfaces.md

export const profileService = new Hono<UpstreamEnv>();
for (const path of Object.values(PROFILE_DATA_PATHS)) profileService.use(path, requireCustomer());

const customerGUIDOf = (c: Context<UpstreamEnv>) => c.get('call').customer!.customerGUID;

profileService.get(PROFILE_DATA_PATHS.APP_DATA, async (c) => {
  const id = c.get('call').banner;
  const banner = BANNERS[isBannerId(id) ? id : 'harvest'];
  const profile = await profileOf(c.env.DB, customerGUIDOf(c));
  const preferred = preferredLocationId(profile, banner.id);
  const data: AppDataOutput = {
    banner: { id: banner.id, name: banner.name, isVariant: banner.isVariant, clubName: banner.clubName },
    toggles: Object.fromEntries(
      ACCOUNT_TOGGLE_NAMES.map((name) => [name, banner.toggles[name]]),
    ) as AppDataOutput['toggles'],
    profile,
    preferredStore: preferred ? await bannerStore(c.env.DB, banner, preferred) : null,
  };
  return c.json({ data }, 200);
});

profileService.get(PROFILE_DATA_PATHS.CUSTOMER_PROFILE, async (c) =>
  c.json({ data: { profile: await customerProfileOf(c.env.DB, customerGUIDOf(c)) } }, 200),
);
