import { Hono, type Context } from 'hono';
import {
  ConfirmEmailRequestSchema,
  CreateAccountRequestSchema,
  EmailConfirmationSendResponseSchema,
  EmailConfirmedResponseSchema,
  EmptyRequestSchema,
  IdentitySessionWithDeviceResponseSchema,
} from '../../src/lib/auth/account-contracts.ts';
import type { IdentitySessionOutput } from '../../src/lib/auth/contracts.ts';
import { passwordProblem } from '../../src/lib/auth/password-policy.ts';
import {
  EMAIL_CONFIRMATION_PATH,
  REDIRECT_PARAM,
  resolveReturnTarget,
  SIGN_IN_PATH,
} from '../../src/lib/auth/redirect.ts';
import { ERROR_CODES } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES } from '../../src/lib/http/messages.ts';
import { errorResponse } from '../errors.ts';
import { startSession } from '../start-session.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, formOf, validJsonOrForm } from '../validate.ts';
import {
  ACCOUNT_CREATE_PAGE,
  CONFIRM_PAGE,
  CREATE_COMPLETION_PATH,
  clientKeyOf,
  fieldsNamed,
  formError,
  formRedirect,
  noStore,
  signedInOnly,
  upstreamFailure,
  withQuery,
} from './account-support.ts';

// spec: account §2 (/account/create with redirectUrl, /account/create-completion,
// /account/confirm/send). Account creation and email confirmation; JSON, or the account pages'
// plain forms answered with a 303 to the next page (decision 220).
//   POST /auth/api/create-account        -> 201 auth state + session cookie | 303 /account/create-completion
//   POST /auth/api/confirm-email/send    -> 200 { sent, emailVerified }     | 303 /account/confirm/send?sent=1
//   POST /auth/api/confirm-email         -> 200 { emailVerified: true }     | 303 /account/confirm?confirmed=1

export const accountCreateRoutes = new Hono<EdgeEnv>();

/** Back to account creation, keeping where the shopper was going, saying what went wrong. */
const backToCreate = (c: Context, redirectUrl: string | null, error: string) =>
  c.redirect(withQuery(ACCOUNT_CREATE_PAGE, { [REDIRECT_PARAM]: resolveReturnTarget(redirectUrl), error }), 303);

accountCreateRoutes.post(
  '/auth/api/create-account',
  noStore,
  validJsonOrForm(CreateAccountRequestSchema, {
    fields: fieldsNamed('firstName', 'lastName', 'email', 'password'),
    invalid: (c, fields) => {
      const password = formField(fields, 'password');
      const weak = password && passwordProblem(password, formField(fields, 'email'));
      return backToCreate(c, formRedirect(fields), weak ? 'WEAK_PASSWORD' : 'INVALID');
    },
  }),
  async (c) => {
    const form = formOf(c);
    const redirectUrl = resolveReturnTarget(formRedirect(form));
    let identity: IdentitySessionOutput;
    let deviceId: string;
    try {
      const result = await c.get('upstream').json(
        {
          method: 'POST',
          path: '/identity/v1/accounts',
          body: {
            ...c.req.valid('json'),
            clientKey: clientKeyOf(c),
            sendConfirmation: c.get('banner').toggles.emailVerificationRequired,
            linkBase: c.get('publicOrigin'),
          },
          rateLimitIsAnswer: true,
        },
        IdentitySessionWithDeviceResponseSchema,
      );
      identity = result.data.data;
      deviceId = result.data.deviceId;
    } catch (error) {
      return form
        ? backToCreate(c, redirectUrl, formError(error))
        : upstreamFailure(c, error, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED);
    }
    const authState = await startSession(c, identity, deviceId);
    if (!authState) {
      return form
        ? c.redirect(withQuery(SIGN_IN_PATH, { [REDIRECT_PARAM]: redirectUrl }), 303)
        : errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED, 500);
    }
    if (form) return c.redirect(withQuery(CREATE_COMPLETION_PATH, { [REDIRECT_PARAM]: redirectUrl }), 303);
    return c.json({ data: authState }, 201);
  },
);

accountCreateRoutes.post(
  '/auth/api/confirm-email/send',
  noStore,
  signedInOnly(true),
  // the form carries only where to come back to
  validJsonOrForm(EmptyRequestSchema, { fields: () => ({}) }),
  async (c) => {
    const form = formOf(c);
    const redirectUrl = resolveReturnTarget(formRedirect(form));
    try {
      const result = await c
        .get('upstream')
        .json(
          { method: 'POST', path: '/identity/v1/email-confirmation/send', body: { linkBase: c.get('publicOrigin') } },
          EmailConfirmationSendResponseSchema,
        );
      const { sent, emailVerified } = result.data.data;
      if (form)
        return c.redirect(
          withQuery(EMAIL_CONFIRMATION_PATH, {
            [REDIRECT_PARAM]: redirectUrl,
            sent: sent ? '1' : '0',
            verified: emailVerified ? '1' : null,
          }),
          303,
        );
      return c.json(result.data, 200);
    } catch (error) {
      if (form)
        return c.redirect(
          withQuery(EMAIL_CONFIRMATION_PATH, { [REDIRECT_PARAM]: redirectUrl, error: formError(error) }),
          303,
        );
      return upstreamFailure(c, error);
    }
  },
);

accountCreateRoutes.post(
  '/auth/api/confirm-email',
  noStore,
  validJsonOrForm(ConfirmEmailRequestSchema, {
    fields: fieldsNamed('token'),
    invalid: (c) => c.redirect(withQuery(CONFIRM_PAGE, { error: 'INVALID' }), 303),
  }),
  async (c) => {
    const form = formOf(c);
    try {
      const result = await c
        .get('upstream')
        .json(
          { method: 'POST', path: '/identity/v1/email-confirmation/confirm', body: c.req.valid('json') },
          EmailConfirmedResponseSchema,
        );
      if (form) return c.redirect(withQuery(CONFIRM_PAGE, { confirmed: '1' }), 303);
      return c.json(result.data, 200);
    } catch (error) {
      if (form) return c.redirect(withQuery(CONFIRM_PAGE, { error: formError(error) }), 303);
      return upstreamFailure(c, error);
    }
  },
);
