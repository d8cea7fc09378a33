// account §6: ROLE_USER is "fully authenticated"; ROLE_PERSISTENT_USER is "remembered, not fully
// signed in". What a remembered-only session may not open without signing in again: the saved
// cards, the address book and the profile (docs/decisions/627). The pharmacy pages ask for more
// (route-guard.ts).

/** True for a session signed in with the password within the full sign-in's lifetime (ROLE_USER). */
export function isFullySignedIn(session: { authorities: readonly string[] } | null | undefined): boolean {
  return session?.authorities.includes('ROLE_USER') ?? false;
}
