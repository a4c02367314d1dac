import { describe, expect, it } from 'vitest';
import { API } from './addresses.js';
import { ALL_CONTRACTS } from './index.js';

describe('the address table', () => {
  it('has one entry for each contract, and a contract for each entry', () => {
    const key = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
    const entries = Object.values(API).map(key);
    const contracts = ALL_CONTRACTS.map(key);
    expect(new Set(entries).size).toBe(entries.length);
    expect([...contracts].sort()).toEqual([...entries].sort());
  });

  it('is plain data: nothing but a method and a path per entry', () => {
    for (const entry of Object.values(API)) {
      expect(Object.keys(entry).sort()).toEqual(['method', 'path']);
      expect(entry.path).toMatch(/^\/[\w/{}-]+$/);
    }
  });
});
