/**
 * Berlin Group message signing (NextGenPSD2 Implementation Guidelines §12, "Signature"): a
 * `Digest` of the body (SHA-256, base64; an empty body too), and a draft-cavage HTTP signature
 * (`keyId="SN=..,CA=.."`, `algorithm="rsa-sha256"`) over the headers `digest x-request-id
 * psu-id psu-corporate-id tpp-redirect-uri date` that the request carries, with the signing
 * certificate in `TPP-Signature-Certificate`. The signature itself is the `http-message-signatures`
 * library's cavage implementation; this module only fixes the Berlin Group profile.
 */
import { createHash } from 'node:crypto';
import { cavage, createSigner } from 'http-message-signatures';
import type { SigningMaterial } from './certificates.ts';

/** Headers the Berlin Group signs when present, in this order. */
export const SIGNED_HEADERS = ['digest', 'x-request-id', 'psu-id', 'psu-corporate-id', 'tpp-redirect-uri', 'date'] as const;

/** `SHA-256=<base64 of the body's SHA-256>`. */
export function digestOf(body: string): string {
  return `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
}

/**
 * Adds `Digest`, `Date` (when absent), `Signature` and `TPP-Signature-Certificate` to `headers`
 * (lower-case names) for a request with `body` ('' for none). Returns the same object.
 */
export async function signRequest(method: string, url: string, headers: Record<string, string>, body: string, material: SigningMaterial): Promise<Record<string, string>> {
  headers['digest'] = digestOf(body);
  headers['date'] ??= new Date().toUTCString();
  const components = SIGNED_HEADERS.filter((name) => headers[name] !== undefined);
  const signed = await cavage.sign(
    { method, url, headers },
    { format: 'cavage', keyId: material.keyId, components: [...components], signer: createSigner('rsa-v1_5-sha256', material.key) },
  );
  const signature = signed.headers['Signature'] as string;
  delete signed.headers['Signature'];
  headers['signature'] = signature;
  headers['tpp-signature-certificate'] = material.certificateBase64;
  return headers;
}
