/**
 * The operator's certificates of a live provider (issue 13 "transport"): the QWAC for mutual TLS
 * and the QSealC for message signing, read from PEM files once, when the connector is built.
 * Key material is never logged nor put in an error message: a missing or unreadable file is an
 * Error naming the provider code and the file path only.
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Xs2aConfig } from './config.ts';

/** TLS options for undici's `connect`: the client certificate chain, its key, and the trusted CAs. */
export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  ca?: Buffer;
}

/** What message signing needs: the key, the certificate's DER in base64, and the Signature keyId. */
export interface SigningMaterial {
  key: KeyObject;
  certificateBase64: string;
  /** `SN=<hex serial>,CA=<issuer DN, RFC 4514 order>` (Berlin Group signing rules). */
  keyId: string;
}

function readPem(providerCode: string, what: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`Live provider ${providerCode}: cannot read its ${what} file ${file} (${reason})`);
  }
}

/** Reads `tls` of the provider's settings; throws Error naming the provider and the file. */
export function loadTlsMaterial(providerCode: string, tls: NonNullable<Xs2aConfig['tls']>): TlsMaterial {
  return {
    cert: readPem(providerCode, 'TLS certificate (tls.certFile)', tls.certFile),
    key: readPem(providerCode, 'TLS key (tls.keyFile)', tls.keyFile),
    ...(tls.caFile ? { ca: readPem(providerCode, 'TLS CA (tls.caFile)', tls.caFile) } : {}),
  };
}

/** Reads and parses `signing`; throws Error naming the provider and the file when one is missing or not PEM. */
export function loadSigningMaterial(providerCode: string, signing: NonNullable<Xs2aConfig['signing']>): SigningMaterial {
  const certPem = readPem(providerCode, 'signing certificate (signing.certFile)', signing.certFile);
  const keyPem = readPem(providerCode, 'signing key (signing.keyFile)', signing.keyFile);
  let certificate: X509Certificate;
  let key: KeyObject;
  try {
    certificate = new X509Certificate(certPem);
  } catch {
    throw new Error(`Live provider ${providerCode}: ${signing.certFile} is not a PEM certificate`);
  }
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new Error(`Live provider ${providerCode}: ${signing.keyFile} is not a PEM private key`);
  }
  const issuer = certificate.issuer.split('\n').reverse().join(',');
  return { key, certificateBase64: certificate.raw.toString('base64'), keyId: `SN=${certificate.serialNumber},CA=${issuer}` };
}
