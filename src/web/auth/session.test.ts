import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, readStoredSession, writeStoredSession } from './session.js';
import { returnPathFitsRole, safeReturnPath } from './return-path.js';
import { memoryStorage } from '../../../test/helpers/memory-storage.js';


const user = { _id: 'u1', name: 'Asha Nair', email: 'asha@example.com', role: 1, work: null };

describe('stored session', () => {
  it('round-trips {user, token} under the key auth', () => {
    const storage = memoryStorage();
    writeStoredSession({ user, token: 't0k3n' }, storage);
    expect(JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toEqual({ user, token: 't0k3n' });
    expect(readStoredSession(storage)).toEqual({ user, token: 't0k3n' });
    writeStoredSession(null, storage);
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('keeps an unknown role so the landing page can clear that session', () => {
    const storage = memoryStorage({ auth: JSON.stringify({ user: { ...user, role: 7 }, token: 'x' }) });
    expect(readStoredSession(storage)?.user.role).toBe(7);
  });

  it('removes a broken entry and counts it as signed out', () => {
    for (const raw of ['{not json', JSON.stringify({ user, token: '' }), JSON.stringify({ token: 'x' })]) {
      const storage = memoryStorage({ auth: raw });
      expect(readStoredSession(storage)).toBeNull();
      expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    }
  });

  it('tolerates an older entry without name, email or work', () => {
    const storage = memoryStorage({ auth: JSON.stringify({ user: { _id: 'u', role: 0 }, token: 'x' }) });
    expect(readStoredSession(storage)?.user).toEqual({ _id: 'u', name: '', email: '', role: 0, work: null });
  });
});

describe('return path after login', () => {
  it('accepts local paths only', () => {
    expect(safeReturnPath('/dashboard/manager?tab=mcc')).toBe('/dashboard/manager?tab=mcc');
    for (const value of ['//evil.example/x', '/\\evil.example', 'https://evil.example', '/login', '/login?x=1', 42, null]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('returns only to an area the role may enter', () => {
    expect(returnPathFitsRole('/dashboard/manager?x=1', 1)).toBe(true);
    expect(returnPathFitsRole('/dashboard/manager', 0)).toBe(false);
    expect(returnPathFitsRole('/dashboard/user/addduty', 1)).toBe(true);
    expect(returnPathFitsRole('/dashboard/admin', 1)).toBe(false);
    expect(returnPathFitsRole('/dashboard/managerx', 0)).toBe(true);
    expect(returnPathFitsRole('/about', 0)).toBe(true);
  });
});
