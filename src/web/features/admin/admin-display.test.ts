import { describe, expect, it } from 'vitest';
import { diffRows, displayValue, roleLabel } from './admin-display.js';

describe('diffRows', () => {
  it('marks only the keys whose values changed', () => {
    const rows = diffRows({ name: 'Asha', role: 1, disabled: false }, { name: 'Asha', role: 1, disabled: true });
    expect(rows).toEqual([
      { key: 'name', before: 'Asha', after: 'Asha', changed: false },
      { key: 'role', before: 1, after: 1, changed: false },
      { key: 'disabled', before: false, after: true, changed: true },
    ]);
  });

  it('treats every key of a created or removed record as changed', () => {
    expect(diffRows(null, { name: 'Goa' })).toEqual([{ key: 'name', before: undefined, after: 'Goa', changed: true }]);
    expect(diffRows({ name: 'Goa' }, null)).toEqual([{ key: 'name', before: 'Goa', after: undefined, changed: true }]);
  });

  it('compares nested values by content', () => {
    const rows = diffRows({ counters: { workers: 120 } }, { counters: { workers: 120 } });
    expect(rows[0]?.changed).toBe(false);
  });
});

describe('displayValue', () => {
  it('shows null as a dash and objects as JSON', () => {
    expect(displayValue(null)).toBe('—');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue(undefined)).toBe('');
  });
});

describe('roleLabel', () => {
  it('names the three roles', () => {
    expect([0, 1, 2].map(roleLabel)).toEqual(['Supervisor', 'Manager', 'Admin']);
  });
});
