import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/modules/auth/passwords.js';
import { DEFAULT_PASSWORD, DEFAULT_PASSWORD_HASH } from './factories.js';

describe('the precomputed password hash of the factories', () => {
  it('is DEFAULT_PASSWORD, so factory accounts can still sign in with it', async () => {
    expect(await verifyPassword(DEFAULT_PASSWORD_HASH, DEFAULT_PASSWORD)).toBe(true);
    expect(await verifyPassword(DEFAULT_PASSWORD_HASH, `${DEFAULT_PASSWORD}x`)).toBe(false);
  });

  it('has the parameters hashPassword uses today', async () => {
    const parameters = (stored: string) => stored.split('$').slice(1, 4).join('$');
    expect(parameters(DEFAULT_PASSWORD_HASH)).toBe(parameters(await hashPassword('another password')));
  });
});
