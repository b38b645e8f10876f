/**
 * Transport proof (issue 13 "transport"): an HTTPS ASPSP that demands a client certificate
 * accepts the connector with the operator's QWAC and refuses one without; and every request the
 * connector signs verifies with the signing certificate's public key under the Berlin Group
 * signing rules (Digest over the body, draft-cavage Signature with keyId "SN=..,CA=..", the
 * certificate in TPP-Signature-Certificate). Certificates are made by the test (selfsigned).
 */
import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BerlinGroupConnector } from '../../src/banks/berlin-group/berlin-group-connector.ts';
import { XS2A_DEFAULTS, type Xs2aConfig } from '../../src/banks/berlin-group/config.ts';
import { BankError } from '../../src/banks/connector.ts';
import { systemClock } from '../../src/lib/clock.ts';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  clientSubject: string | null;
}

const dir = mkdtempSync(join(tmpdir(), 'bankdata-tls-'));
const seen: Seen[] = [];
let server: Server;
let baseUrl: string;
const files: Record<string, string> = {};

function save(name: string, pem: string): string {
  const file = join(dir, name);
  writeFileSync(file, pem, { mode: 0o600 });
  files[name] = file;
  return file;
}

beforeAll(async () => {
  const ca = await selfsigned.generate([{ name: 'countryName', value: 'CZ' }, { name: 'organizationName', value: 'Test QTSP' }, { name: 'commonName', value: 'Test QTSP CA' }], {
    algorithm: 'sha256',
    extensions: [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }],
  });
  const issued = (cn: string) => selfsigned.generate([{ name: 'commonName', value: cn }], { algorithm: 'sha256', ca: { key: ca.private, cert: ca.cert } });
  const [serverCert, qwac, qseal] = await Promise.all([issued('localhost'), issued('bankdata TPP (QWAC)'), issued('bankdata TPP (QSealC)')]);
  const foreign = await selfsigned.generate([{ name: 'commonName', value: 'someone else' }], { algorithm: 'sha256' });
  save('foreign.pem', foreign.cert);
  save('foreign.key', foreign.private);
  save('ca.pem', ca.cert);
  save('qwac.pem', qwac.cert);
  save('qwac.key', qwac.private);
  save('qseal.pem', qseal.cert);
  save('qseal.key', qseal.private);

  server = createServer({ key: serverCert.private, cert: serverCert.cert, ca: ca.cert, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const peer = (req.socket as import('node:tls').TLSSocket).getPeerCertificate();
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), clientSubject: peer?.subject?.CN ? String(peer.subject.CN) : null });
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'x-request-id': String(req.headers['x-request-id']) });
      res.end(JSON.stringify(req.method === 'POST' ? { consentId: 'c1', consentStatus: 'received', _links: { scaRedirect: { href: 'https://aspsp.example/sca/c1' } } } : { consentStatus: 'valid' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://localhost:${(server.address() as AddressInfo).port}/psd2`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function connector(xs2a: Partial<Xs2aConfig>): BerlinGroupConnector {
  return new BerlinGroupConnector({ provider: { code: 'cz_tls', name: 'TLS bank', timeZone: 'Europe/Prague', xs2a: { ...XS2A_DEFAULTS, baseUrl, ...xs2a } }, clock: systemClock, timeoutMs: 5000 });
}

const consent = JSON.stringify({ consentId: 'c1', validUntil: '2030-01-01' });

describe('mutual TLS', () => {
  it('reaches a bank that demands the QWAC, and is refused without it', async () => {
    const withCert = connector({ tls: { certFile: files['qwac.pem']!, keyFile: files['qwac.key']!, caFile: files['ca.pem']! } });
    await withCert.beginRefresh(consent);
    expect(seen.at(-1)).toMatchObject({ url: '/psd2/v1/consents/c1/status', clientSubject: 'bankdata TPP (QWAC)' });
    await withCert.close();

    // A foreign certificate (not issued by the bank's trusted CA) and no certificate at all are refused in the handshake.
    const before = seen.length;
    const foreign = connector({ tls: { certFile: files['foreign.pem']!, keyFile: files['foreign.key']!, caFile: files['ca.pem']! } });
    const refused = await foreign.beginRefresh(consent).then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(BankError);
    // TLS 1.3: the server's refusal arrives as a closed connection, indistinguishable from a reset.
    expect(refused).toMatchObject({ code: 'bank_unavailable', temporary: true });
    expect((refused as BankError).message).toMatch(/^cz_tls: the bank closed the connection .*client certificate/);
    await foreign.close();
    const anonymous = new Agent({ connect: { ca: readFileSync(files['ca.pem']!) } });
    await expect(request(`${baseUrl}/v1/consents/c1/status`, { dispatcher: anonymous })).rejects.toThrow();
    await anonymous.close();
    // Without caFile the bank's server certificate (from the test's CA) is not trusted: definitive.
    const untrusting = connector({ tls: { certFile: files['qwac.pem']!, keyFile: files['qwac.key']! } });
    const untrusted = await untrusting.beginRefresh(consent).then(() => null, (e: unknown) => e);
    expect(untrusted).toMatchObject({ code: 'bank_tls_failed', temporary: false });
    await untrusting.close();
    expect(seen.length).toBe(before);
  });

  it('names the provider and the file when a certificate file is missing, without key material', () => {
    expect(() => connector({ signing: { certFile: files['qseal.pem']!, keyFile: join(dir, 'missing.key') } })).toThrow(`Live provider cz_tls: cannot read its signing key (signing.keyFile) file ${join(dir, 'missing.key')} (ENOENT)`);
    expect(() => connector({ signing: { certFile: files['qseal.key']!, keyFile: files['qseal.key']! } })).toThrow(/cz_tls: .*qseal\.key is not a PEM certificate$/);
  });
});

describe('Berlin Group message signing', () => {
  /** Verifies `request` as an ASPSP would: Digest, then the signature over the listed headers with the sent certificate. */
  function verifyBerlinGroup(request: Seen): { keyId: string; headers: string[] } {
    const header = (name: string) => String(request.headers[name]);
    expect(header('digest')).toBe(`SHA-256=${createHash('sha256').update(request.body).digest('base64')}`);
    const params = Object.fromEntries([...header('signature').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]])) as Record<string, string>;
    expect(params.algorithm).toBe('rsa-sha256');
    const certificate = new X509Certificate(Buffer.from(header('tpp-signature-certificate'), 'base64'));
    expect(params.keyId).toBe(`SN=${certificate.serialNumber},CA=${certificate.issuer.split('\n').reverse().join(',')}`);
    const names = params.headers!.split(' ');
    const signingString = names.map((name) => `${name}: ${header(name)}`).join('\n');
    expect(verify('sha256', Buffer.from(signingString), createPublicKey(certificate.publicKey.export({ type: 'spki', format: 'pem' })), Buffer.from(params.signature!, 'base64'))).toBe(true);
    // Tampering breaks it.
    expect(verify('sha256', Buffer.from(signingString.replace('x-request-id: ', 'x-request-id: 0')), certificate.publicKey, Buffer.from(params.signature!, 'base64'))).toBe(false);
    return { keyId: params.keyId!, headers: names };
  }

  it('signs a POST consent and a GET with the QSealC, verifiable with its public key', async () => {
    const signer = connector({
      tls: { certFile: files['qwac.pem']!, keyFile: files['qwac.key']!, caFile: files['ca.pem']! },
      signing: { certFile: files['qseal.pem']!, keyFile: files['qseal.key']! },
    });
    await signer.startAuthorization({
      connectionId: 'conn',
      state: 's',
      providerCode: 'cz_tls',
      locale: 'en',
      ownershipType: 'Personal',
      skipConsentScreen: false,
      callbackUrl: 'https://bankdata.example/cb',
      psuIpAddress: '203.0.113.9',
      validUntil: new Date(Date.now() + 86_400_000),
    });
    const post = verifyBerlinGroup(seen.at(-1)!);
    expect(post.headers).toEqual(['digest', 'x-request-id', 'tpp-redirect-uri', 'date']);
    expect(post.keyId).toMatch(/^SN=[0-9A-F]+,CA=CN=Test QTSP CA,O=Test QTSP,C=CZ$/);
    expect(JSON.parse(seen.at(-1)!.body)).toMatchObject({ recurringIndicator: true, combinedServiceIndicator: false });

    await signer.beginRefresh(consent);
    expect(seen.at(-1)!.body).toBe('');
    expect(verifyBerlinGroup(seen.at(-1)!).headers).toEqual(['digest', 'x-request-id', 'date']);
    await signer.close();
  });
});
