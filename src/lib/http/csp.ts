// The Content-Security-Policy of every response (ARCHITECTURE.md Sessions and trust; decision 091).
// Pages: Astro renders the header itself (astro.config.mjs `security.csp`) with these directives
// plus a hash of every script and style it rendered. Everything else (API answers, errors): the
// worker's header, whose script-src and style-src allow this origin only. No 'unsafe-inline'.

/** Directives besides script-src and style-src (Astro owns those on pages). */
export const CSP_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The header of responses Astro did not render. */
export const CONTENT_SECURITY_POLICY = [
  CSP_DIRECTIVES[0],
  "script-src 'self'",
  "style-src 'self'",
  ...CSP_DIRECTIVES.slice(1),
].join('; ');

/** The base64 SHA-256 of a text, as a CSP hash source wants it (without the `sha256-` prefix). */
export async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Adds a hash source to one directive of a policy. `withHashSource("style-src 'self'", 'style-src', 'sha256-x')`
 * is `"style-src 'self' 'sha256-x'"`; a policy without the directive is left as it is.
 */
export function withHashSource(policy: string, directive: string, hash: string): string {
  return withSource(policy, directive, `'${hash}'`);
}

/** Adds a source to one directive of a policy. `withSource("img-src 'self'", 'img-src', 'https://img.example')` is `"img-src 'self' https://img.example"` */
export function withSource(policy: string, directive: string, source: string): string {
  return policy
    .split(';')
    .map((part) => (part.trim().split(/\s+/)[0] === directive ? `${part.trimEnd()} ${source}` : part))
    .join(';');
}
