import { useCallback, useEffect, useReducer } from 'react';
import { NetworkError } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';
import { lookupIfsc } from './api.js';
import { ifscReducer, initialIfscState, type IfscState } from './ifsc-lookup.js';

export interface IfscLookup {
  state: IfscState;
  setCode: (raw: string) => void;
  setBranch: (branch: string) => void;
  reset: (to?: IfscState) => void;
}

/** Runs GET /worker/get-ifsc/{code} whenever the typed code reaches 11 characters. */
export function useIfscLookup(initial?: IfscState): IfscLookup {
  const { token } = useAuth();
  const [state, dispatch] = useReducer(ifscReducer, initial ?? initialIfscState());
  const { status, code } = state;

  useEffect(() => {
    if (status !== 'checking') return;
    const controller = new AbortController();
    lookupIfsc(code, token, controller.signal).then(
      (answer) => dispatch({ type: 'found', code, bank: answer.BANK, branch: answer.BRANCH }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        dispatch({ type: 'failed', code, reason: error instanceof NetworkError ? 'unreachable' : 'invalid' });
      },
    );
    return () => controller.abort();
  }, [status, code, token]);

  const setCode = useCallback((raw: string) => dispatch({ type: 'typed', raw }), []);
  const setBranch = useCallback((branch: string) => dispatch({ type: 'branchTyped', branch }), []);
  const reset = useCallback((to?: IfscState) => dispatch({ type: 'reset', to: to ?? initialIfscState() }), []);
  return { state, setCode, setBranch, reset };
}
