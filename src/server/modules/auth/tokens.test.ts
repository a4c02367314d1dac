import { describe, expect, it } from 'vitest';
import { tokenFromHeader } from './tokens.js';

describe('Authorization header', () => {
  it('takes the token itself or Bearer <token>', () => {
    expect(tokenFromHeader('abc')).toBe('abc');
    expect(tokenFromHeader('Bearer abc')).toBe('abc');
    expect(tokenFromHeader('bearer   abc ')).toBe('abc');
    expect(tokenFromHeader('')).toBeNull();
    expect(tokenFromHeader(undefined)).toBeNull();
    expect(tokenFromHeader('x'.repeat(500))).toBeNull();
  });
});
