import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));
  const secret = '{"hostedUrl":"http://localhost:3000/connect/abcdef0123456789"}';

  it('opens what it sealed; the sealed bytes do not contain the plaintext and differ each time', () => {
    const sealed = box.seal(secret);
    expect(box.open(sealed)).toBe(secret);
    expect(sealed.toString('latin1')).not.toContain('abcdef0123456789');
    expect(box.seal(secret).equals(sealed)).toBe(false);
  });

  it('refuses altered bytes and another key', () => {
    const sealed = box.seal(secret);
    sealed[sealed.length - 1]! ^= 1;
    expect(() => box.open(sealed)).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(box.seal(secret))).toThrow();
  });
});
