/** What the portal's pages share: the renderer of views/, the shell's data, form errors. */
import type { FastifyRequest } from 'fastify';
import { pageRenderer } from '../hosted/render.ts';
import { ApiError } from '../lib/errors.ts';
import type { Mode } from '../lib/ids.ts';
import type { PartnersService } from '../modules/partners/partners.service.ts';

/** Renders a portal view (src/portal/views) with the hosted pages' CSP and headers. */
export const renderPortal = pageRenderer(new URL('./views', import.meta.url).pathname);

/**
 * The data every signed-in page shares: who, which partner, which mode (`?mode=live` only when
 * the partner has an active live key), the partner's keys, and whether the user may change things.
 */
export async function shell(request: FastifyRequest, partners: PartnersService, current: string) {
  const { user, partner } = request.portal!;
  const keys = await partners.listKeys(partner.id);
  const liveAvailable = keys.some((k) => k.mode === 'live' && !k.revokedAt);
  const asked = (request.query as { mode?: string }).mode;
  const mode: Mode = asked === 'live' && liveAvailable ? 'live' : 'sandbox';
  return { user, partner, mode, liveAvailable, current, path: request.url.split('?')[0], keys, canChange: user.role !== 'viewer' };
}

/** The message of a validation error to show in a form; anything else is rethrown. */
export function formError(error: unknown): string {
  if (error instanceof ApiError && error.code === 'validation_error') return error.message;
  throw error;
}
