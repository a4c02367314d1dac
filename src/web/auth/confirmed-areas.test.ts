import { describe, expect, it } from 'vitest';
import { CONFIRMED_AREAS_KEY, forgetConfirmedAreas, recordAreaCheck, sessionFingerprint, wasConfirmed } from './confirmed-areas.js';
import { memoryStorage } from '../../../test/helpers/memory-storage.js';


const TOKEN = 'c2Vzc2lvbi10b2tlbi1vZi1yYXZp';

describe('areas the server let this session into', () => {
  it('remembers a yes for this session and area only', () => {
    const storage = memoryStorage();
    expect(wasConfirmed('user', TOKEN, storage)).toBe(false);
    recordAreaCheck('user', TOKEN, true, storage);
    expect(wasConfirmed('user', TOKEN, storage)).toBe(true);
    expect(wasConfirmed('manager', TOKEN, storage)).toBe(false);
    // another session (signed in again, or another person) starts unconfirmed
    expect(wasConfirmed('user', 'another-token', storage)).toBe(false);
  });

  it('a no forgets the area at once', () => {
    const storage = memoryStorage();
    recordAreaCheck('user', TOKEN, true, storage);
    recordAreaCheck('manager', TOKEN, true, storage);
    recordAreaCheck('user', TOKEN, false, storage);
    expect(wasConfirmed('user', TOKEN, storage)).toBe(false);
    expect(wasConfirmed('manager', TOKEN, storage)).toBe(true);
  });

  it('a new session replaces the old one’s areas', () => {
    const storage = memoryStorage();
    recordAreaCheck('manager', 'old-token', true, storage);
    recordAreaCheck('user', TOKEN, true, storage);
    expect(wasConfirmed('manager', 'old-token', storage)).toBe(false);
    expect(wasConfirmed('user', TOKEN, storage)).toBe(true);
  });

  it('keeps no token, only a fingerprint, and is cleared at sign-in and sign-out', () => {
    const storage = memoryStorage();
    recordAreaCheck('user', TOKEN, true, storage);
    const raw = storage.getItem(CONFIRMED_AREAS_KEY)!;
    expect(raw).not.toContain(TOKEN);
    expect(JSON.parse(raw)).toEqual({ session: sessionFingerprint(TOKEN), areas: ['user'] });
    forgetConfirmedAreas(storage);
    expect(storage.getItem(CONFIRMED_AREAS_KEY)).toBeNull();
    expect(wasConfirmed('user', TOKEN, storage)).toBe(false);
  });

  it('a broken entry counts as nothing confirmed', () => {
    const storage = memoryStorage();
    for (const raw of ['{not json', '[]', JSON.stringify({ session: 1, areas: ['user'] }), JSON.stringify({ session: sessionFingerprint(TOKEN), areas: 'user' })]) {
      storage.setItem(CONFIRMED_AREAS_KEY, raw);
      expect(wasConfirmed('user', TOKEN, storage)).toBe(false);
    }
  });
});
