import * as v from 'valibot';
import { ErrorItemSchema } from '../http/errors.ts';
import { SIGN_IN_STATUSES } from './sign-in-status.ts';

// spec: account §3 Authentication state, §6 Roles and permissions, §7 Authentication.
// The contracts of /auth/api/* (edge <-> browser) and of the internal identity calls
// (/identity/v1/*, edge <-> upstream), shared by the islands, the edge and the upstream.

const AUTHORITIES = ['ROLE_ANONYMOUS', 'ROLE_USER', 'ROLE_PERSISTENT_USER'] as const;
export type Authority = (typeof AUTHORITIES)[number];

const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 1024;

/** spec: account §3 userInfo; rememberMeId only for ROLE_PERSISTENT_USER (§6). */
const UserInfoSchema = v.object({
  firstName: v.string(),
  customerGUID: v.string(),
  rememberMeId: v.optional(v.string()),
  hasLoyaltyCard: v.boolean(),
  mobilePhoneVerified: v.boolean(),
  accountPromotionValid: v.boolean(),
  emailVerified: v.boolean(),
});

/** spec: account §7 GET /auth/api/authentication-state: data { authorities, authenticated, userInfo }. */
const AuthStateSchema = v.object({
  authorities: v.array(v.picklist(AUTHORITIES)),
  authenticated: v.boolean(),
  userInfo: v.nullable(UserInfoSchema),
});
export type AuthStateOutput = v.InferOutput<typeof AuthStateSchema>;
export const AuthStateResponseSchema = v.object({ data: AuthStateSchema });

/** spec: account §4 Auth state: anonymous by default. */
/** spec: account §7 the shopper's authentication state (who is signed in). */
export const AUTH_STATE_PATH = '/auth/api/authentication-state';

export const ANONYMOUS_AUTH_STATE: AuthStateOutput = {
  authorities: ['ROLE_ANONYMOUS'],
  authenticated: false,
  userInfo: null,
};

export const EmailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(MAX_EMAIL_LENGTH), v.email());
export const PasswordSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_PASSWORD_LENGTH));

/** POST /auth/api/sign-in as JSON (the form post carries the same fields as strings). */
export const SignInRequestSchema = v.object({
  email: EmailSchema,
  password: PasswordSchema,
  rememberMe: v.optional(v.boolean(), false),
});

/**
 * A failed POST /auth/api/sign-in: the spec's error shape, plus the sign-in status it sets
 * (spec: account §4: an error that the user id is locked sets LOCKED_OUT).
 */
export const SignInFailureBodySchema = v.object({
  errors: v.array(ErrorItemSchema),
  signInStatus: v.optional(v.picklist(SIGN_IN_STATUSES)),
});

// ---- internal identity calls (edge -> upstream) ----

/** POST /identity/v1/sign-in: the edge adds the client key it computed (never the client's). */
/** A device id: 32 random bytes, base64url. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const IdentitySignInRequestSchema = v.object({
  email: EmailSchema,
  password: PasswordSchema,
  rememberMe: v.boolean(),
  clientKey: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  /** The verified session the shopper signs in over; the upstream revokes it (a fresh sid each time). */
  previousSessionId: v.optional(v.pipe(v.string(), v.maxLength(128))),
  /** The hm_device cookie: a device the shopper signed in from before (docs/decisions/090). */
  deviceId: v.optional(v.pipe(v.string(), v.regex(DEVICE_ID_PATTERN))),
});

/** The userInfo the upstream knows (rememberMeId is the edge's to expose, per role). */
const IdentityUserInfoSchema = v.omit(UserInfoSchema, ['rememberMeId']);

/** A live session as the upstream answers it (sign-in and GET /identity/v1/session). */
export const IdentitySessionSchema = v.object({
  sessionId: v.string(),
  customerGUID: v.string(),
  rememberMeId: v.nullable(v.string()),
  createdAt: v.number(),
  /** End of the full sign-in (ROLE_USER); after it a remembered session is ROLE_PERSISTENT_USER. */
  authExpiresAt: v.number(),
  expiresAt: v.number(),
  userInfo: IdentityUserInfoSchema,
});
export type IdentitySessionOutput = v.InferOutput<typeof IdentitySessionSchema>;
export const IdentitySessionResponseSchema = v.object({ data: IdentitySessionSchema });
/** A sign-in's answer: the session, and the id of the device it came from, now trusted. */
export const IdentitySignInResponseSchema = v.object({
  data: IdentitySessionSchema,
  deviceId: v.pipe(v.string(), v.regex(DEVICE_ID_PATTERN)),
});
