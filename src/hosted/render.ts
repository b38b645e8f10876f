/**
 * Server-rendered pages (DESIGN.md §2 "hosted pages"): Eta templates from `views/`, HTML-escaped
 * by default. Pages are small, work without JavaScript, and fit a 360 px wide phone screen.
 *
 * Every page gets its own Content-Security-Policy (issue 14, item 5): scripts and styles only
 * with this response's nonce (`it.nonce` on every `<script>` and `<style>`; no inline `style=`
 * attributes, no 'unsafe-inline'), and `form-action` only the service itself plus the origins a
 * form's redirect chain may end at (Chromium checks form-action on every redirect after a
 * submission). Images load from the service itself and from the origins of the logos a page
 * shows (the partner's `logoUrl`, a provider's `logoUrl`). POST forms carry `it.csrf`
 * (form-protection.ts).
 */
import { randomBytes } from 'node:crypto';
import { Eta } from 'eta';
import type { FastifyReply } from 'fastify';


/**
 * The CSP source for a URL a form's redirect may reach: the origin of an http(s) URL
 * (`https://app.example.com`), the scheme of an app link (`myapp:`; CSP cannot name less).
 */
export function formTargetOf(url: string): string {
  const parsed = new URL(url);
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : parsed.protocol;
}

export type PageRenderer = (reply: FastifyReply, view: string, data: Record<string, unknown>, status?: number, formTargets?: string[], imageUrls?: string[]) => FastifyReply;

/**
 * A renderer of the Eta templates in folder `views` (a file URL's path), with the CSP and
 * headers described above: (reply, view, data, status = 200, formTargets = [], imageUrls = [])
 * renders `view` with `data` as an HTML response. `formTargets`: CSP form-action sources besides
 * 'self' (formTargetOf the partner's returnUrl on pages whose forms redirect there). `imageUrls`:
 * absolute image URLs the page shows (their origins join img-src).
 */
export function pageRenderer(views: string): PageRenderer {
  const eta = new Eta({ views, autoEscape: true, cache: true });
  return (reply, view, data, status = 200, formTargets = [], imageUrls = []) => {
    const nonce = randomBytes(16).toString('base64');
    const formAction = ["'self'", ...new Set(formTargets)].join(' ');
    const imgSrc = ["'self'", ...new Set(imageUrls.filter((url) => /^https?:/.test(url)).map((url) => new URL(url).origin))].join(' ');
    const csrf = typeof reply.generateCsrf === 'function' ? reply.generateCsrf() : undefined;
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'self'; img-src ${imgSrc}; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'; object-src 'none'`,
      )
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(eta.render(view, { ...data, nonce, csrf }));
  };
}

/** Renders a hosted page (views/ of this folder); see pageRenderer. */
export const renderPage: PageRenderer = pageRenderer(new URL('./views', import.meta.url).pathname);
