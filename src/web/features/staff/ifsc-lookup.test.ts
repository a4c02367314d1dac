import { describe, expect, it } from 'vitest';
import { ifscBlocksSubmit, ifscReducer, initialIfscState, normaliseIfscInput, type IfscState } from './ifsc-lookup.js';

const type = (state: IfscState, raw: string) => ifscReducer(state, { type: 'typed', raw });

describe('IFSC input', () => {
  it('upper-cases, drops spaces and stops at 11 characters', () => {
    expect(normaliseIfscInput(' sbin 0000001xyz')).toBe('SBIN0000001');
  });

  it('starts a lookup at 11 characters of a well-formed code', () => {
    const state = type(initialIfscState(), 'sbin000000');
    expect(state.status).toBe('idle');
    expect(type(state, 'sbin0000001')).toMatchObject({ code: 'SBIN0000001', status: 'checking' });
  });

  it('refuses a malformed 11-character code without a lookup', () => {
    expect(type(initialIfscState(), 'SBIN1000001').status).toBe('invalid');
  });

  it('fills bank and branch read-only, or lets the branch be typed when unknown', () => {
    const checking = type(initialIfscState(), 'SBIN0000001');
    const found = ifscReducer(checking, { type: 'found', code: 'SBIN0000001', bank: 'State Bank of India', branch: 'KOLKATA MAIN' });
    expect(found).toMatchObject({ status: 'found', bank: 'State Bank of India', branch: 'KOLKATA MAIN', branchEditable: false });
    expect(ifscReducer(found, { type: 'branchTyped', branch: 'x' }).branch).toBe('KOLKATA MAIN');

    const noBranch = ifscReducer(checking, { type: 'found', code: 'SBIN0000001', bank: 'State Bank of India', branch: '' });
    expect(noBranch.branchEditable).toBe(true);
    expect(ifscReducer(noBranch, { type: 'branchTyped', branch: 'Ernakulam' }).branch).toBe('Ernakulam');
  });

  it('clears bank and branch on failure and when the code changes', () => {
    const checking = type(initialIfscState(), 'SBIN0000001');
    const failed = ifscReducer(checking, { type: 'failed', code: 'SBIN0000001', reason: 'invalid' });
    expect(failed).toMatchObject({ status: 'invalid', bank: '', branch: '' });
    const found = ifscReducer(checking, { type: 'found', code: 'SBIN0000001', bank: 'SBI', branch: 'X' });
    expect(type(found, 'SBIN000000')).toMatchObject({ bank: '', branch: '', status: 'idle' });
  });

  it('ignores an answer for a code that is no longer typed', () => {
    const first = type(initialIfscState(), 'SBIN0000001');
    const second = type(first, 'HDFC0000001');
    expect(ifscReducer(second, { type: 'found', code: 'SBIN0000001', bank: 'SBI', branch: 'X' })).toBe(second);
  });

  it('starts the edit form from the stored values and blocks submit only for an unconfirmed code', () => {
    const stored = initialIfscState({ code: 'hdfc0000001', bank: 'HDFC Bank', branch: '' });
    expect(stored).toMatchObject({ code: 'HDFC0000001', status: 'found', branchEditable: true });
    expect(ifscBlocksSubmit(stored)).toBe(false);
    expect(ifscBlocksSubmit(initialIfscState())).toBe(false);
    expect(ifscBlocksSubmit(type(initialIfscState(), 'HDFC000'))).toBe(true);
  });
});
