// The password rule for new passwords (account creation, password change, reset):
// docs/decisions/220-account-creation-and-tokens.md. The spec names no rule; this is ours.
// At least 8 characters (code points), at most 1024, not one of the passwords most often found
// in breaches (a short built-in list, compared without case and trailing digits/symbols), and not
// the email address or its name part.

export const MIN_PASSWORD_LENGTH = 8;
const MAX_NEW_PASSWORD_LENGTH = 1024;

/** The stems of the most common breached passwords (lower case, trailing digits and symbols cut). */
const BREACHED_STEMS: ReadonlySet<string> = new Set([
  'password',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'qwerty',
  'qwertyuiop',
  'asdfghjkl',
  'abc',
  'abcdef',
  'abcdefg',
  'abcdefgh',
  'iloveyou',
  'letmein',
  'welcome',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'admin',
  'master',
  'shadow',
  'superman',
  'trustno',
  'whatever',
  'freedom',
  'starwars',
  'login',
  'hello',
  'charlie',
  'access',
  'mustang',
  'michael',
  'jennifer',
  'jordan',
  'hunter',
  'ranger',
  'killer',
  'soccer',
  'batman',
  'computer',
  'secret',
  'changeme',
  'qazwsx',
  'zaq',
  'zxcvbnm',
  'zxcvbn',
  'azerty',
  'groceries',
  'grocery',
  'harvest',
  'harvestmarket',
  'bayside',
  'baysidefoods',
  '',
  'a',
  'aa',
  'aaa',
  'aaaa',
  'aaaaaaaa',
  'test',
  'testing',
  'guest',
  'default',
  'summer',
  'winter',
  'spring',
  'autumn',
]);

const ALL_SAME = /^(.)\1*$/u;
const SEQUENCES = ['0123456789', '9876543210', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl'];

export type PasswordProblem = 'TOO_SHORT' | 'TOO_LONG' | 'BREACHED' | 'CONTAINS_EMAIL';

/** What a shopper is told for each problem (our own texts; the spec has none). */
export const PASSWORD_PROBLEM_TEXT: Record<PasswordProblem, string> = {
  TOO_SHORT: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  TOO_LONG: `Use at most ${MAX_NEW_PASSWORD_LENGTH} characters.`,
  BREACHED: 'This password is too common and appears in known data breaches. Please choose another.',
  CONTAINS_EMAIL: 'Your password must not contain your email address.',
};

/** The password's length in code points. */
function length(text: string): number {
  return [...text].length;
}

/**
 * Why a new password is refused, or null when it is acceptable.
 * `passwordProblem('FreshPicked!2026') === null`, `passwordProblem('Password123!') === 'BREACHED'`
 */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  const size = length(password);
  if (size < MIN_PASSWORD_LENGTH) return 'TOO_SHORT';
  if (size > MAX_NEW_PASSWORD_LENGTH) return 'TOO_LONG';
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\x20-\x2f\x30-\x40\x5b-\x60\x7b-\x7e]+$/u, '');
  if (BREACHED_STEMS.has(stem) || ALL_SAME.test(lower) || SEQUENCES.some((run) => run.includes(lower)))
    return 'BREACHED';
  if (/^\d+$/.test(lower)) return 'BREACHED';
  if (email) {
    const address = email.trim().toLowerCase();
    const name = address.split('@')[0] ?? '';
    if (lower.includes(address) || (name.length >= 4 && lower.includes(name))) return 'CONTAINS_EMAIL';
  }
  return null;
}
