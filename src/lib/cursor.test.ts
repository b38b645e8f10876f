import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { CursorCodec } from './cursor.ts';

const codec = new CursorCodec('secret');

describe('cursors', () => {
  it('round-trip any position', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer())), (position) => {
        expect(codec.decode('s', codec.encode('s', position))).toEqual(position);
      }),
    );
  });

  it('reject edited, foreign-scope and foreign-secret cursors with validation_error', () => {
    const cursor = codec.encode('s', ['Bank', 'id']);
    const edited = `${Buffer.from(JSON.stringify(['Bank', 'other'])).toString('base64url')}.${cursor.split('.')[1]}`;
    for (const [scope, value] of [['s', edited], ['t', cursor], ['s', new CursorCodec('other').encode('s', ['Bank', 'id'])], ['s', 'garbage'], ['s', 'a.b.c']] as const) {
      expect(() => codec.decode(scope, value)).toThrow(ApiError);
    }
  });
});
