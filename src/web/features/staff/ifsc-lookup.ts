import { IFSC_LENGTH } from '../../../shared/limits.js';
import { IFSC_PATTERN } from '../../../shared/staff.js';

/**
 * The IFSC part of the staff forms as a pure state machine (SPEC §4 IFSC lookup): typing
 * upper-cases the code; at 11 characters a lookup starts; its answer fills bank and branch
 * or clears both. Answers for a code that is no longer in the box are ignored.
 */

type IfscStatus = 'idle' | 'checking' | 'found' | 'invalid' | 'unreachable';

export interface IfscState {
  code: string;
  bank: string;
  branch: string;
  status: IfscStatus;
  /** true when the code is valid but its branch is unknown: the person types it */
  branchEditable: boolean;
}

export type IfscAction =
  | { type: 'typed'; raw: string }
  | { type: 'found'; code: string; bank: string; branch: string }
  | { type: 'failed'; code: string; reason: 'invalid' | 'unreachable' }
  | { type: 'branchTyped'; branch: string }
  | { type: 'reset'; to: IfscState };

/** Upper-cased, without spaces, at most 11 characters. */
export function normaliseIfscInput(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase().slice(0, IFSC_LENGTH);
}

/** The starting state: empty for the add forms, the stored values for the edit form. */
export function initialIfscState(stored?: { code?: string | null; bank?: string | null; branch?: string | null }): IfscState {
  const code = normaliseIfscInput(stored?.code ?? '');
  const bank = stored?.bank ?? '';
  const branch = stored?.branch ?? '';
  return {
    code,
    bank,
    branch,
    status: code ? 'found' : 'idle',
    // a stored code without a branch: let the person complete it
    branchEditable: code !== '' && branch === '',
  };
}

export function ifscReducer(state: IfscState, action: IfscAction): IfscState {
  switch (action.type) {
    case 'typed': {
      const code = normaliseIfscInput(action.raw);
      if (code === state.code) return state;
      const cleared = { code, bank: '', branch: '', branchEditable: false };
      if (code.length < IFSC_LENGTH) return { ...cleared, status: 'idle' };
      // a code that cannot be an IFSC fails at once, without asking the server
      return { ...cleared, status: IFSC_PATTERN.test(code) ? 'checking' : 'invalid' };
    }
    case 'found':
      if (action.code !== state.code || state.status !== 'checking') return state;
      return { ...state, status: 'found', bank: action.bank, branch: action.branch, branchEditable: action.branch.trim() === '' };
    case 'failed':
      if (action.code !== state.code || state.status !== 'checking') return state;
      return { ...state, status: action.reason, bank: '', branch: '', branchEditable: false };
    case 'branchTyped':
      return state.branchEditable ? { ...state, branch: action.branch } : state;
    case 'reset':
      return action.to;
  }
}

/** Whether the form may be sent: no code at all, or a code the lookup accepted. */
export function ifscBlocksSubmit(state: IfscState): boolean {
  return state.code !== '' && state.status !== 'found';
}
