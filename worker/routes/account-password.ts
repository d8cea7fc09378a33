import { Hono } from 'hono';
import * as v from 'valibot';
import {
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  ForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResponseSchema,
} from '../../src/lib/auth/account-contracts.ts';
import { SIGN_IN_PATH } from '../../src/lib/auth/redirect.ts';
import { MAX_TOKEN_LENGTH } from '../../src/lib/auth/signed-token.ts';
import { clearSessionCookie } from '../middleware/session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, formOf, validJson, validJsonOrForm } from '../validate.ts';
import {
  FORGOT_PASSWORD_PAGE,
  RESET_PASSWORD_PAGE,
  fieldsNamed,
  formError,
  noStore,
  signedInOnly,
  upstreamFailure,
  withQuery,
} from './account-support.ts';

// spec: account §4 (sign-in status RESET_PASSWORD). A forgotten password, its reset, and a
// signed-in change (decision 220); forgot and reset are also the account pages' plain forms.
//   POST /auth/api/forgot-password       -> 202 (the same whatever the email) | 303 /account/forgot-password?sent=1
//   POST /auth/api/reset-password        -> 200 { signInStatus: RESET_PASSWORD } | 303 /signin?status=RESET_PASSWORD
//   POST /auth/api/change-password       -> 200 { revokedSessions } (every other session revoked)

export const accountPasswordRoutes = new Hono<EdgeEnv>();

accountPasswordRoutes.post(
  '/auth/api/forgot-password',
  noStore,
  validJsonOrForm(ForgotPasswordRequestSchema, {
    fields: fieldsNamed('email'),
    invalid: (c) => c.redirect(withQuery(FORGOT_PASSWORD_PAGE, { error: 'INVALID_EMAIL' }), 303),
  }),
  async (c) => {
    const form = formOf(c);
    try {
      await c.get('upstream').json(
        {
          method: 'POST',
          path: '/identity/v1/password-reset/request',
          body: { email: c.req.valid('json').email, linkBase: c.get('publicOrigin') },
        },
        v.object({ data: v.object({ accepted: v.literal(true) }) }),
      );
    } catch (error) {
      if (form) return c.redirect(withQuery(FORGOT_PASSWORD_PAGE, { error: 'UNEXPECTED' }), 303);
      return upstreamFailure(c, error);
    }
    if (form) return c.redirect(withQuery(FORGOT_PASSWORD_PAGE, { sent: '1' }), 303);
    return c.json({ data: { accepted: true } }, 202);
  },
);

accountPasswordRoutes.post(
  '/auth/api/reset-password',
  noStore,
  validJsonOrForm(ResetPasswordRequestSchema, {
    fields: fieldsNamed('token', 'password'),
    invalid: (c, fields) => {
      const token = formField(fields, 'token');
      return c.redirect(
        withQuery(RESET_PASSWORD_PAGE, {
          token: token.length <= MAX_TOKEN_LENGTH ? token : null,
          error: token ? 'WEAK_PASSWORD' : 'INVALID',
        }),
        303,
      );
    },
  }),
  async (c) => {
    const form = formOf(c);
    const input = c.req.valid('json');
    try {
      const result = await c
        .get('upstream')
        .json(
          { method: 'POST', path: '/identity/v1/password-reset/confirm', body: input },
          ResetPasswordResponseSchema,
        );
      // Every session of the account was revoked, this browser's included.
      if (c.get('session')) clearSessionCookie(c);
      c.set('session', null);
      // spec: account §4: RESET_PASSWORD is the sign-in status kept on the sign-in page.
      if (form) return c.redirect(withQuery(SIGN_IN_PATH, { status: 'RESET_PASSWORD' }), 303);
      return c.json(result.data, 200);
    } catch (error) {
      if (form) {
        const name = formError(error);
        return c.redirect(
          withQuery(RESET_PASSWORD_PAGE, { token: name === 'WEAK_PASSWORD' ? input.token : null, error: name }),
          303,
        );
      }
      return upstreamFailure(c, error);
    }
  },
);

accountPasswordRoutes.post(
  '/auth/api/change-password',
  noStore,
  signedInOnly(false),
  validJson(ChangePasswordRequestSchema),
  async (c) => {
    try {
      const result = await c
        .get('upstream')
        .json(
          { method: 'POST', path: '/identity/v1/password/change', body: c.req.valid('json') },
          ChangePasswordResponseSchema,
        );
      return c.json(result.data, 200);
    } catch (error) {
      return upstreamFailure(c, error);
    }
  },
);
