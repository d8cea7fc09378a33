// The health-services route guard (issue 12 part 6; shopping §2: a separately loaded module
// serves /health-services/clinic, /rx and /health-dashboard; a route guard sends the shopper to
// sign-in when a path is not allowed for them). The pharmacy pages also need a recent step-up:
// the password entered again (account §7 GET /rx-security/stepup-auth). docs/decisions/380.

export type GuardRule = 'signedIn' | 'stepUp';
export type GuardOutcome = 'allow' | 'signIn' | 'stepUp';

/** The guarded paths and what each needs. */
export const HEALTH_ROUTES: Readonly<Record<string, GuardRule>> = {
  '/health-services/clinic': 'signedIn',
  '/health-dashboard': 'signedIn',
  '/rx': 'stepUp',
};

/** How long a step-up lets the shopper into the pharmacy pages. */
export const STEP_UP_MINUTES = 15;

/**
 * What the guard decides for a path. A remembered-only session (ROLE_PERSISTENT_USER) is not
 * enough for health data: the shopper signs in again.
 */
export function guardRoute(
  path: string,
  session: { authorities: readonly string[]; stepUpUntil?: number | null } | null,
  now: number,
): GuardOutcome {
  const rule = HEALTH_ROUTES[path.replace(/\/+$/, '') || '/'];
  if (!rule) return 'allow';
  if (!session || !session.authorities.includes('ROLE_USER')) return 'signIn';
  if (rule === 'stepUp' && !((session.stepUpUntil ?? 0) > now)) return 'stepUp';
  return 'allow';
}
