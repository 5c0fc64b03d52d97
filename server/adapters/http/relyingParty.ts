import type { FastifyRequest } from 'fastify';
import type { RelyingParty } from '../../ports/webAuthn';

/**
 * The relying party passkeys are bound to: SITE_URL's host and origin when it is set (behind a proxy the
 * request's own host may be an internal one), else the host the request came to. Browsers refuse an IP
 * address as a relying party's id: open a site without SITE_URL by its name (`localhost` in tests).
 */
export function relyingPartyOf(request: FastifyRequest, siteUrl: string | undefined, name: string): RelyingParty {
  if (siteUrl) {
    const url = new URL(siteUrl);
    return { id: url.hostname, origin: url.origin, name };
  }
  return { id: request.hostname, origin: `${request.protocol}://${request.host}`, name };
}
