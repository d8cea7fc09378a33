import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import {
  AdPreferencesResponseSchema,
  EmailPreferencesResponseSchema,
  OptInStatusResponseSchema,
  PREFERENCE_PATHS,
  PROFILE_PAGE,
  ProfileResponseSchema,
  TokenQuerySchema,
  preferenceFailureMessage,
} from '../../src/lib/account/preferences.ts';
import { signInUrl } from '../../src/lib/auth/redirect.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { EDGE_REASONS, SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { formOf, validJsonOrForm, validQuery, type FormFields } from '../validate.ts';
import { SAMPLE_ACCOUNT_TOKEN, type Capability } from '../capability.ts';
import { WRITES, one, type Write } from './preferences/writes.ts';

// Account preferences at the edge (issue 12 part 2; account §7): the profile, email, SMS opt-in
// and purchase-based ad calls on the spec's paths, validated both ways; the signed-in ones need a
// session (401 otherwise), the token ones (an email's link) need none. The writes are also the
// pages' plain forms (before or without JavaScript), answered by a 303 back to the page.
// docs/decisions/350-account-preferences.md

const preferencesRoutes = new Hono<EdgeEnv>();
type PrefContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const preferencesCapability: Capability = {
  routes: preferencesRoutes,
  apiPrefixes: ['/accountmanagement/api/'],
  // the profile, preferences and unsubscribe pages' forms (decision 350)
  formEndpoints: [
    '/accountmanagement/api/basic/profile/update',
    '/accountmanagement/api/emailPreferences/update',
    '/accountmanagement/api/emailPreferences/updateWithToken',
    '/accountmanagement/api/opt-in/optin',
    '/accountmanagement/api/purchaseBasedAdPreferences/updateWithUserId',
    '/accountmanagement/api/purchaseBasedAdPreferences/updateWithToken',
  ],
  personalPages: ['/account/profile', '/account/preferences', '/account/unsubscribe'],
  registry: {
    api: [
      // the token samples name no issued link (TokenMatch)
      { method: 'GET', path: '/accountmanagement/api/basic/profile', sample: {}, needsSignIn: true },
      {
        method: 'POST',
        path: '/accountmanagement/api/basic/profile/update',
        sample: { body: { mobilePhoneNumber: '559-555-0142' } },
        needsSignIn: true,
      },
      { method: 'GET', path: '/accountmanagement/api/emailPreferences', sample: {}, needsSignIn: true },
      {
        method: 'GET',
        path: '/accountmanagement/api/emailPreferences/getWithToken',
        sample: { query: { token: SAMPLE_ACCOUNT_TOKEN } },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/accountmanagement/api/emailPreferences/update',
        sample: { body: { emailPreferences: [{ category: 'WEEKLY_AD', selected: true }] } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/accountmanagement/api/emailPreferences/updateWithToken',
        sample: {
          body: { emailPreferences: [{ category: 'WEEKLY_AD', selected: false }], token: SAMPLE_ACCOUNT_TOKEN },
        },
        needsSignIn: false,
      },
      { method: 'GET', path: '/accountmanagement/api/opt-in/status', sample: {}, needsSignIn: true },
      {
        method: 'POST',
        path: '/accountmanagement/api/opt-in/optin',
        sample: { body: { selected: false } },
        needsSignIn: true,
      },
      {
        method: 'GET',
        path: '/accountmanagement/api/purchaseBasedAdPreferences/getWithUserId',
        sample: {},
        needsSignIn: true,
      },
      {
        method: 'GET',
        path: '/accountmanagement/api/purchaseBasedAdPreferences/getWithToken',
        sample: { query: { token: SAMPLE_ACCOUNT_TOKEN } },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/accountmanagement/api/purchaseBasedAdPreferences/updateWithUserId',
        sample: { body: { purchaseBasedAds: true } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/accountmanagement/api/purchaseBasedAdPreferences/updateWithToken',
        sample: { body: { purchaseBasedAds: false, token: SAMPLE_ACCOUNT_TOKEN } },
        needsSignIn: false,
      },
    ],
    pages: [
      // the unsubscribe page works signed out
      {
        name: 'profile',
        path: '/account/profile',
        file: 'account/profile.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      {
        name: 'communication preferences',
        path: '/account/preferences',
        file: 'account/preferences.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      {
        name: 'manage emails from a link',
        path: '/account/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        file: 'account/unsubscribe.astro',
        kind: 'interactive',
        needsSignIn: false,
      },
    ],
  },
};

/** A signed-in shopper's call: 401, or for a plain form the sign-in page and back to `page`. */
const signedIn = (page: string) => requireSession(SIGN_IN_REASONS.PREFERENCES, { signInFrom: () => page });
/** A call an email's link makes (its token is the credential): anyone. */
const anyone: MiddlewareHandler<EdgeEnv> = (_c, next) => next();

// reads
const READS = [
  { path: PREFERENCE_PATHS.PROFILE, answer: ProfileResponseSchema },
  { path: PREFERENCE_PATHS.EMAIL, answer: EmailPreferencesResponseSchema },
  { path: PREFERENCE_PATHS.OPT_IN_STATUS, answer: OptInStatusResponseSchema },
  { path: PREFERENCE_PATHS.ADS_WITH_USER_ID, answer: AdPreferencesResponseSchema },
] as const;
/** The store the shopper chose in the header (hm_store), which email preferences take when no preferred store is set (decision 594). */
const chosenStore = (c: PrefContext): { chosenStore?: string } =>
  c.get('storeChosen') ? { chosenStore: c.get('locationId') } : {};

for (const read of READS) {
  preferencesRoutes.get(read.path, signedIn(PROFILE_PAGE), async (c) => {
    const query = read.path === PREFERENCE_PATHS.EMAIL ? chosenStore(c) : {};
    const { data } = await c.get('upstream').json({ path: read.path, query }, read.answer as v.GenericSchema);
    return c.json(data as object, 200);
  });
}
for (const read of [
  { path: PREFERENCE_PATHS.EMAIL_WITH_TOKEN, answer: EmailPreferencesResponseSchema },
  { path: PREFERENCE_PATHS.ADS_WITH_TOKEN, answer: AdPreferencesResponseSchema },
] as const) {
  preferencesRoutes.get(read.path, validQuery(TokenQuerySchema), async (c) => {
    const { data } = await c
      .get('upstream')
      .json({ path: read.path, query: { token: c.req.valid('query').token } }, read.answer as v.GenericSchema);
    // a shopper's own choices, read by the email's token without a session: never stored by a cache
    c.header('Cache-Control', 'private, no-store');
    return c.json(data as object, 200);
  });
}

/** The body the upstream gets: the signed-in email update also names the origin for the manage link it emails, and the chosen store. */
const upstreamBody = (c: PrefContext, write: Write, body: object) =>
  write.path === PREFERENCE_PATHS.EMAIL_UPDATE ? { ...body, linkBase: c.get('publicOrigin'), ...chosenStore(c) } : body;

for (const write of WRITES) {
  // JSON, or the pages before hydration: a plain form, back to the page saying what happened
  const back = (c: PrefContext, fields: FormFields, params: Record<string, string>) => {
    const token = write.token ? one(fields, 'token') : '';
    return c.redirect(`${write.page}?${new URLSearchParams({ ...(token ? { token } : {}), ...params })}`, 303);
  };
  preferencesRoutes.post(
    write.path,
    write.token ? anyone : signedIn(write.page),
    validJsonOrForm(write.request, {
      fields: write.body,
      invalid: (c, fields, issues) =>
        back(c, fields, {
          error: write.area,
          reason: (issues[0]?.message ?? EDGE_REASONS.CHECK_ENTRY).slice(0, 200),
        }),
    }),
    async (c) => {
      const body = upstreamBody(c, write, c.req.valid('json' as never) as object);
      const fields = formOf(c);
      if (!fields) {
        const { data } = await c.get('upstream').json({ method: 'POST', path: write.path, body }, write.answer);
        await write.then?.(c, data as never);
        return c.json(data as object, 200);
      }
      try {
        const { data } = await c.get('upstream').json({ method: 'POST', path: write.path, body }, write.answer);
        await write.then?.(c, data as never);
      } catch (error) {
        const status = error instanceof HttpError ? error.statusCode : 500;
        if (!write.token && (status === 401 || status === 403)) return c.redirect(signInUrl(write.page), 303);
        const code = error instanceof HttpError ? error.code : null;
        const reason =
          code === ERROR_CODES.TOKEN_MATCH || (status === 422 && code !== 'NO_PREFERRED_STORE')
            ? (error as HttpError).message
            : preferenceFailureMessage(write.area, 'update', code, status);
        return back(c, fields, { error: write.area, reason: reason.slice(0, 200) });
      }
      return back(c, fields, { saved: write.area });
    },
  );
}
