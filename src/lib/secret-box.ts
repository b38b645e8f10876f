/**
 * Authenticated encryption of small secrets at rest (AES-256-GCM, node:crypto): stored
 * idempotent answers carry one-time tokens (DESIGN.md §8). Sealed form: 12-byte IV, 16-byte
 * tag, ciphertext, as one Buffer (a bytea column).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  /** `key`: 32 bytes. */
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  /** Encrypts `plaintext` (UTF-8) under a fresh random IV. */
  seal(plaintext: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  /** Decrypts what `seal` produced; throws when it was altered or sealed under another key. */
  open(sealed: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
