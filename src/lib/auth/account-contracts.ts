import * as v from 'valibot';
import { EmailSchema, IdentitySessionSchema, MAX_PASSWORD_LENGTH, PasswordSchema } from './contracts.ts';
import { PASSWORD_PROBLEM_TEXT, passwordProblem } from './password-policy.ts';
import { MAX_TOKEN_LENGTH } from './signed-token.ts';

// spec: account §2 (/account/create, /account/create-completion, /account/confirm/send), §4
// (sign-in status RESET_PASSWORD), §7 (sign-in-with-token, stepup-auth). The contracts of the
// account endpoints (edge <-> browser) and of the internal identity calls (edge <-> upstream).
// docs/decisions/220.

export const MAX_NAME_LENGTH = 60;
/** A person's name as an account holds it (create account, the profile); `missing` is the message of an empty one. */
export const personNameSchema = (missing: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, missing),
    v.maxLength(MAX_NAME_LENGTH),
    v.check(
      (value) =>
        !/[<>]/.test(value) &&
        ![...value].some((ch) => {
          const code = ch.charCodeAt(0);
          return code < 32 || code === 127;
        }),
      'Use letters, spaces and punctuation only',
    ),
  );
const NameSchema = personNameSchema('Enter a name');
const TokenSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_TOKEN_LENGTH));
const NewPasswordSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_PASSWORD_LENGTH));

/** Adds the password rule (decision 220) to an object schema's password field, with the email when there is one. */
function withPasswordRule<T extends v.GenericSchema<Record<string, unknown>, { [key: string]: unknown }>>(
  schema: T,
  field: string,
  emailField?: string,
) {
  return v.pipe(
    schema,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const value = dataset.value as Record<string, unknown>;
      const problem = passwordProblem(
        String(value[field] ?? ''),
        emailField ? String(value[emailField] ?? '') : undefined,
      );
      if (problem)
        addIssue({
          message: PASSWORD_PROBLEM_TEXT[problem],
          path: [{ type: 'object', origin: 'value', input: value, key: field, value: value[field] }],
        });
    }),
  );
}

export const CreateAccountRequestSchema = withPasswordRule(
  v.object({ firstName: NameSchema, lastName: NameSchema, email: EmailSchema, password: NewPasswordSchema }),
  'password',
  'email',
);

export const ForgotPasswordRequestSchema = v.object({ email: EmailSchema });
export const ResetPasswordRequestSchema = withPasswordRule(
  v.object({ token: TokenSchema, password: NewPasswordSchema }),
  'password',
);
export const ConfirmEmailRequestSchema = v.object({ token: TokenSchema });
export const ChangePasswordRequestSchema = withPasswordRule(
  v.object({ currentPassword: PasswordSchema, newPassword: NewPasswordSchema }),
  'newPassword',
);
export const EmptyRequestSchema = v.optional(v.object({}), {});

/** Tokens a signed-in shopper may ask for (with their password): a hand-off sign-in, a step-up. */
const ISSUABLE_TOKENS = ['SIGN_IN', 'STEP_UP'] as const;
export const IssueTokenRequestSchema = v.object({ password: PasswordSchema, purpose: v.picklist(ISSUABLE_TOKENS) });
const IssuedTokenSchema = v.object({
  token: v.string(),
  purpose: v.picklist(ISSUABLE_TOKENS),
  expiresAt: v.number(),
});
export const IssuedTokenResponseSchema = v.object({ data: IssuedTokenSchema });

/** GET /rx-security/stepup-auth: the step-up the bearer token proves. */
const StepUpSchema = v.object({
  stepUpAuthenticated: v.literal(true),
  customerGUID: v.string(),
  expiresAt: v.number(),
});
export const StepUpResponseSchema = v.object({ data: StepUpSchema });

const EmailConfirmationSendSchema = v.object({ sent: v.boolean(), emailVerified: v.boolean() });
export const EmailConfirmationSendResponseSchema = v.object({ data: EmailConfirmationSendSchema });
export const EmailConfirmedResponseSchema = v.object({ data: v.object({ emailVerified: v.literal(true) }) });
export const ResetPasswordResponseSchema = v.object({ data: v.object({ signInStatus: v.literal('RESET_PASSWORD') }) });
export const ChangePasswordResponseSchema = v.object({ data: v.object({ revokedSessions: v.number() }) });

// ---- internal identity calls (edge -> upstream) ----

/** The origin the links of the would-be emails point at: the edge's public origin of the banner. */
const LinkBaseSchema = v.pipe(v.string(), v.maxLength(200), v.regex(/^https?:\/\/[^/\s]+$/));

export const IdentityCreateAccountRequestSchema = v.object({
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  clientKey: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  /** Send the confirmation email now (the banner's email-verification toggle is on). */
  sendConfirmation: v.boolean(),
  linkBase: LinkBaseSchema,
});
export const IdentitySessionWithDeviceResponseSchema = v.object({ data: IdentitySessionSchema, deviceId: v.string() });
export const IdentitySessionOnlyResponseSchema = v.object({ data: IdentitySessionSchema });
export const IdentityLinkRequestSchema = v.object({ linkBase: LinkBaseSchema });
export const IdentityForgotPasswordRequestSchema = v.object({ email: EmailSchema, linkBase: LinkBaseSchema });
export const IdentityBearerRequestSchema = v.object({ token: TokenSchema });

/** A would-be email of the reference upstream (development outbox page). */
const OutboxMessageSchema = v.object({
  messageId: v.number(),
  toEmail: v.string(),
  kind: v.string(),
  subject: v.string(),
  body: v.string(),
  link: v.string(),
  createdAt: v.number(),
});
export type OutboxMessageOutput = v.InferOutput<typeof OutboxMessageSchema>;
export const OutboxResponseSchema = v.object({ data: v.object({ messages: v.array(OutboxMessageSchema) }) });
