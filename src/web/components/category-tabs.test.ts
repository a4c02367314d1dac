import { describe, expect, it } from 'vitest';
import { tabFromParam } from './category-tabs.js';

describe('category tabs', () => {
  it('opens the first tab for an unknown work type', () => {
    expect(tabFromParam('pit & yard')).toBe('pit & yard');
    expect(tabFromParam('MCC ')).toBe('mcc');
    expect(tabFromParam(null)).toBe('mcc');
  });
});
