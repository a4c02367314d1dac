import { API } from '../../../shared/api/addresses.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { saveContractTerms } from '../../../shared/api/bill-draft.js';
import { call, type CallInput } from '../../api/call.js';
import { useAuth } from '../../auth/auth-context.js';

/**
 * The contract terms (issue 27), through the address table (types from
 * src/shared/api/bill-draft.ts). A saved version changes what the bill's draft computes and
 * the contract period Bill Details shows: those reads are refreshed with the terms and the
 * audit trail.
 */
export type { ContractTerms } from '../../../shared/schemas/bill-draft.js';

const keys = {
  terms: ['contract-terms'] as const,
  /** GET /contract-periods: the contract period each work type shows (the terms' now, else the one saved before terms) */
  periods: ['contract-periods'] as const,
};

/** Every version of every work type's terms, newest first. */
export function useContractTerms() {
  const { token } = useAuth();
  return useQuery({
    queryKey: keys.terms,
    queryFn: ({ signal }) => call(API.contractTerms, { query: {}, token, signal }).then((answer) => answer.terms),
    enabled: Boolean(token),
  });
}

type ContractTermsBody = CallInput<typeof saveContractTerms>['body'];

export function useSaveContractTerms() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractTermsBody) => call(API.saveContractTerms, { body, token }),
    onSuccess: () =>
      Promise.all(
        [keys.terms, keys.periods, ['bill-draft'], ['bills'], ['admin', 'audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
