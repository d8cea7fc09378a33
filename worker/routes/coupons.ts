import { Hono } from 'hono';
import { sanitizeRedirectUrl, signInUrl } from '../../src/lib/auth/redirect.ts';
import {
  ClipFormSchema,
  ClipRequestSchema,
  COUPON_ERROR_PARAM,
  COUPON_PATHS,
  CouponResponseSchema,
  CouponsQuerySchema,
  CouponsResponseSchema,
} from '../../src/lib/coupons/coupons.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import { SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, formOf, readFormFields, validJsonOrForm, validQuery, type FormFields } from '../validate.ts';
import type { Capability } from '../capability.ts';

// Digital coupons at the edge (issue 9 §3; docs/decisions/280-coupons.md): the list for everyone,
// clip and unclip for a signed-in shopper, as JSON or as the coupons page's plain forms.

const couponsRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const couponsCapability: Capability = {
  routes: couponsRoutes,
  apiPrefixes: ['/atlas/v1/'],
  // the coupons page's clip and unclip (decision 280)
  formEndpoints: ['/atlas/v1/savings/v1/coupons/clip', '/atlas/v1/savings/v1/coupons/unclip'],
  // personal (the shopper's clipped marks), yet a public listing to a crawler (it is in the sitemap)
  personalPages: ['/coupons'],
  indexedPages: ['/coupons'],
  registry: {
    api: [
      {
        method: 'GET',
        path: '/atlas/v1/savings/v1/coupons',
        sample: { query: { projection: 'compact' } },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/atlas/v1/savings/v1/coupons/clip',
        sample: { body: { couponId: 'cp-harvest-001' } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/atlas/v1/savings/v1/coupons/unclip',
        sample: { body: { couponId: 'cp-harvest-001' } },
        needsSignIn: true,
      },
    ],
    pages: [{ name: 'coupons', path: '/coupons', file: 'coupons.astro', kind: 'listing', needsSignIn: false }],
  },
};

couponsRoutes.get(COUPON_PATHS.LIST, validQuery(CouponsQuerySchema), async (c) => {
  const query = c.req.valid('query');
  const upstreamQuery: Record<string, string> = { projection: query.projection };
  if (query['filter.category']) upstreamQuery['filter.category'] = query['filter.category'];
  if (query['filter.query']) upstreamQuery['filter.query'] = query['filter.query'];
  if (query['filter.clipped']) upstreamQuery['filter.clipped'] = 'true';
  if (query['filter.upcs']) upstreamQuery['filter.upcs'] = query['filter.upcs'].join(',');
  const { data } = await c
    .get('upstream')
    .json({ path: COUPON_PATHS.LIST, query: upstreamQuery }, CouponsResponseSchema);
  c.header('Cache-Control', 'private, no-store');
  return c.json(data, 200);
});

/** Where the coupons page's plain form comes back to. */
const returnToOf = (fields: FormFields) =>
  sanitizeRedirectUrl(fields.returnTo === undefined ? '/coupons' : formField(fields, 'returnTo'));

function withParam(path: string, value: string): string {
  const url = new URL(path, 'https://return.invalid');
  url.searchParams.set(COUPON_ERROR_PARAM, value);
  return `${url.pathname}${url.search}`;
}

for (const path of [COUPON_PATHS.CLIP, COUPON_PATHS.UNCLIP]) {
  // JSON, or the coupons page before hydration (issue 9 §6): a plain form, back to the page
  couponsRoutes.post(
    path,
    requireSession(SIGN_IN_REASONS.COUPONS, { signInFrom: async (c) => returnToOf(await readFormFields(c)) }),
    validJsonOrForm(ClipRequestSchema, {
      schema: ClipFormSchema,
      invalid: (c, fields) => c.redirect(withParam(returnToOf(fields), 'clip'), 303),
    }),
    async (c) => {
      const { couponId } = c.req.valid('json');
      const form = formOf(c);
      if (!form) {
        const { data } = await c
          .get('upstream')
          .json({ method: 'POST', path, body: { couponId } }, CouponResponseSchema);
        c.header('Cache-Control', 'private, no-store');
        return c.json(data, 200);
      }
      const returnTo = returnToOf(form);
      try {
        await c.get('upstream').json({ method: 'POST', path, body: { couponId } }, CouponResponseSchema);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) return c.redirect(signInUrl(returnTo), 303);
        return c.redirect(
          withParam(returnTo, error instanceof HttpError && error.statusCode === 422 ? 'loyalty' : 'clip'),
          303,
        );
      }
      return c.redirect(returnTo, 303);
    },
  );
}
