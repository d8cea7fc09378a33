import type { Handler } from 'hono';
import type { EdgeEnv } from './types.ts';

// robots.txt, derived from the route modules' declarations (worker/capabilities.ts; docs/decisions/520)
// rather than a file in public/ kept in step by hand: crawlers stay out of the API families and
// of the personal pages (but those whose anonymous render is a public page), and the sitemap is
// named on the banner's own public origin (src/pages/sitemap.xml.ts).

/** The text of robots.txt: `robotsText(['/cart'], 'https://a.test')` disallows /cart and names https://a.test/sitemap.xml. */
function robotsText(disallow: readonly string[], origin: string): string {
  const rules = ['User-agent: *', ...disallow.map((prefix) => `Disallow: ${prefix}`), 'Allow: /'];
  return `${rules.join('\n')}\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`;
}

/** GET /robots.txt for the request's banner; the same for every shopper, so any cache may keep it for an hour. */
export function robotsTxt(disallow: readonly string[]): Handler<EdgeEnv> {
  return (c) => c.text(robotsText(disallow, c.get('publicOrigin')), 200, { 'cache-control': 'public, max-age=3600' });
}
