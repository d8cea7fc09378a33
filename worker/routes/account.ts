import { Hono } from 'hono';
import type { EdgeEnv } from '../types.ts';
import { SAMPLE_ACCOUNT_TOKEN, type Capability } from '../capability.ts';
import { accountCreateRoutes } from './account-create.ts';
import { accountPasswordRoutes } from './account-password.ts';
import { accountTokenRoutes } from './account-tokens.ts';

// spec: account §2 (/account/create with redirectUrl, /account/create-completion,
// /account/confirm/send), §4 (sign-in status RESET_PASSWORD), §7 (POST /auth/api/sign-in-with-token
// with a bearer token and no body, GET /rx-security/stepup-auth with a bearer token).
// docs/decisions/220. The account area as the edge knows it: its registry lines and pages, and its
// routes, one module per concern (each write takes JSON; the account pages' forms post
// form-encoded, no JavaScript needed, and are answered with a 303 to the next page):
//   account-create.ts    create-account, confirm-email/send, confirm-email
//   account-password.ts  forgot-password, reset-password, change-password
//   account-tokens.ts    token, sign-in-with-token, /rx-security/stepup-auth
//   account-support.ts   what they share (failures, form redirects, the session a new account starts)

const accountRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const accountCapability: Capability = {
  routes: accountRoutes,
  apiPrefixes: ['/auth/api/', '/rx-security/'],
  // the account pages' forms (decision 220)
  formEndpoints: [
    '/auth/api/create-account',
    '/auth/api/confirm-email/send',
    '/auth/api/confirm-email',
    '/auth/api/forgot-password',
    '/auth/api/reset-password',
  ],
  bearerEndpoints: ['/auth/api/sign-in-with-token'],
  personalPages: ['/account', '/rx', '/health-dashboard', '/health-services'],
  registry: {
    api: [
      {
        method: 'POST',
        path: '/auth/api/create-account',
        sample: {
          body: {
            firstName: 'Fuzz',
            lastName: 'Shopper',
            email: 'new.shopper@harvestmarket.test',
            password: 'Orchard-Lane-77',
          },
        },
        needsSignIn: false,
        rateLimitIsAnswer: true,
      },
      { method: 'POST', path: '/auth/api/confirm-email/send', sample: { body: {} }, needsSignIn: true },
      {
        method: 'POST',
        path: '/auth/api/confirm-email',
        sample: { body: { token: SAMPLE_ACCOUNT_TOKEN } },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/auth/api/forgot-password',
        sample: { body: { email: 'nobody@harvestmarket.test' } },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/auth/api/reset-password',
        sample: { body: { token: SAMPLE_ACCOUNT_TOKEN, password: 'Orchard-Lane-77' } },
        needsSignIn: false,
      },
      // a wrong current password: the harnesses never change the shared shopper's password
      {
        method: 'POST',
        path: '/auth/api/change-password',
        sample: { body: { currentPassword: 'not-the-password', newPassword: 'Orchard-Lane-77' } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/auth/api/token',
        sample: { body: { password: 'FreshPicked!2026', purpose: 'STEP_UP' } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/auth/api/sign-in-with-token',
        sample: { headers: { authorization: `Bearer ${SAMPLE_ACCOUNT_TOKEN}` } },
        needsSignIn: false,
      },
      {
        method: 'GET',
        path: '/rx-security/stepup-auth',
        sample: { headers: { authorization: `Bearer ${SAMPLE_ACCOUNT_TOKEN}` } },
        needsSignIn: false,
      },
    ],
    pages: [
      {
        name: 'create account',
        path: '/account/create',
        file: 'account/create.astro',
        kind: 'static',
        needsSignIn: false,
      },
      // signed in: the header's cart count is an island (like every signed-in personal page)
      {
        name: 'account created',
        path: '/account/create-completion',
        file: 'account/create-completion.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      {
        name: 'confirm email (send)',
        path: '/account/confirm/send',
        file: 'account/confirm/send.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      {
        name: 'confirm email',
        path: '/account/confirm?token=AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        file: 'account/confirm/index.astro',
        kind: 'interactive',
        needsSignIn: false,
      },
      {
        name: 'forgot password',
        path: '/account/forgot-password',
        file: 'account/forgot-password.astro',
        kind: 'static',
        needsSignIn: false,
      },
      {
        name: 'reset password',
        path: '/account/reset-password?token=AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        file: 'account/reset-password.astro',
        kind: 'static',
        needsSignIn: false,
      },
      {
        name: 'outbox (development)',
        path: '/account/dev/outbox',
        file: 'account/dev/outbox.astro',
        kind: 'static',
        needsSignIn: false,
      },
      {
        name: 'delivery account',
        path: '/account/delivery',
        file: 'account/delivery.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      { name: 'pharmacy', path: '/rx', file: 'rx.astro', kind: 'interactive', needsSignIn: true },
      {
        name: 'health dashboard',
        path: '/health-dashboard',
        file: 'health-dashboard.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      {
        name: 'clinic',
        path: '/health-services/clinic',
        file: 'health-services/clinic.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
    ],
  },
};

for (const routes of [accountCreateRoutes, accountPasswordRoutes, accountTokenRoutes]) accountRoutes.route('/', routes);
