import { Hono } from 'hono';
import {
  IdentitySessionOnlyResponseSchema,
  IssuedTokenResponseSchema,
  IssueTokenRequestSchema,
  StepUpResponseSchema,
} from '../../src/lib/auth/account-contracts.ts';
import type { IdentitySessionOutput } from '../../src/lib/auth/contracts.ts';
import { ERROR_CODES } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES } from '../../src/lib/http/messages.ts';
import { errorResponse } from '../errors.ts';
import { grantStepUp } from '../step-up.ts';
import { startSession } from '../start-session.ts';
import type { EdgeEnv } from '../types.ts';
import { validJson } from '../validate.ts';
import { bearerRequired, bearerToken, noStore, signedInOnly, upstreamFailure } from './account-support.ts';

// spec: account §7 (POST /auth/api/sign-in-with-token with a bearer token and no body, GET
// /rx-security/stepup-auth with a bearer token). The short-lived tokens (decision 220):
//   POST /auth/api/token                 -> 201 a short-lived SIGN_IN or STEP_UP token (password re-entered)
//   POST /auth/api/sign-in-with-token    -> 200 auth state + session cookie (Authorization: Bearer, no body)
//   GET  /rx-security/stepup-auth        -> 200 { stepUpAuthenticated } (Authorization: Bearer)

export const accountTokenRoutes = new Hono<EdgeEnv>();

accountTokenRoutes.post(
  '/auth/api/token',
  noStore,
  signedInOnly(false),
  validJson(IssueTokenRequestSchema),
  async (c) => {
    try {
      const result = await c
        .get('upstream')
        .json({ method: 'POST', path: '/identity/v1/tokens', body: c.req.valid('json') }, IssuedTokenResponseSchema);
      return c.json(result.data, 201);
    } catch (error) {
      return upstreamFailure(c, error);
    }
  },
);

// A bearer token is not an ambient credential: this route reads only the Authorization header,
// never the session cookie, so the CSRF rule lets its bodiless POST through (worker/middleware/csrf).
accountTokenRoutes.post('/auth/api/sign-in-with-token', noStore, async (c) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) return bearerRequired(c);
  let identity: IdentitySessionOutput;
  try {
    const result = await c
      .get('upstream')
      .json(
        { method: 'POST', path: '/identity/v1/sign-in-with-token', body: { token } },
        IdentitySessionOnlyResponseSchema,
      );
    identity = result.data.data;
  } catch (error) {
    return upstreamFailure(c, error, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED);
  }
  const authState = await startSession(c, identity, null);
  if (!authState) return errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED, 500);
  return c.json({ data: authState }, 200);
});

accountTokenRoutes.get('/rx-security/stepup-auth', noStore, async (c) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) return bearerRequired(c);
  try {
    const result = await c
      .get('upstream')
      .json({ method: 'POST', path: '/identity/v1/step-up', body: { token } }, StepUpResponseSchema);
    // the pharmacy pages trust a step-up of this session's own shopper only (worker/step-up.ts)
    if (c.get('session')?.customerGUID === result.data.data.customerGUID) await grantStepUp(c);
    return c.json(result.data, 200);
  } catch (error) {
    return upstreamFailure(c, error);
  }
});
