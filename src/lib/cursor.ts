/**
 * Opaque, tamper-evident keyset cursors (DESIGN.md §5): base64url of the position's sort keys
 * plus an HMAC-SHA256 tag, so a partner cannot forge or edit one. A bad cursor is 400
 * validation_error naming `nextCursor`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalid } from './errors.ts';

export type CursorPosition = readonly (string | number)[];

export class CursorCodec {
  constructor(private readonly secret: string) {}

  /** Encodes a position for the list named `scope` (so cursors cannot cross lists). */
  encode(scope: string, position: CursorPosition): string {
    const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${payload}.${this.tag(scope, payload)}`;
  }

  /** Decodes a cursor of `scope`; throws validation_error when it is malformed or forged. */
  decode(scope: string, cursor: string): CursorPosition {
    const [payload, tag, extra] = cursor.split('.');
    if (!payload || !tag || extra !== undefined) throw invalid('nextCursor', 'is not a valid cursor');
    const expected = Buffer.from(this.tag(scope, payload));
    const given = Buffer.from(tag);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw invalid('nextCursor', 'is not a valid cursor');
    }
    const position: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(position)) throw invalid('nextCursor', 'is not a valid cursor');
    return position as CursorPosition;
  }

  private tag(scope: string, payload: string): string {
    return createHmac('sha256', this.secret).update(`${scope}:${payload}`).digest('base64url').slice(0, 22);
  }
}
