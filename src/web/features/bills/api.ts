import { API } from '../../../shared/api/addresses.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { createBill, updateBill } from '../../../shared/api/bills.js';
import type { WorkType } from '../../../shared/work-types.js';
import { call, callApi, type CallInput } from '../../api/call.js';
import { useAuth } from '../../auth/auth-context.js';

/** Monthly bills (SPEC §7 bill rows), through the address table (types from src/shared/api/bills.ts). */

const billKeys = {
  all: ['bills'] as const,
  list: (work: WorkType) => ['bills', work] as const,
};

/** The bills of one work type, newest month first (the server sorts and filters). */
export function useBills(work: WorkType) {
  const { token } = useAuth();
  return useQuery({
    queryKey: billKeys.list(work),
    queryFn: ({ signal }) => call(API.listBills, { query: { work }, token, signal }).then((answer) => answer.bills),
    enabled: Boolean(token),
  });
}

export type NewBillBody = CallInput<typeof createBill>['body'];

/** POST /mcctrain/createbill; the status tells 201 created from 200 already there (SPEC §8). */
export function useCreateBill() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewBillBody) => callApi(API.createBill, { body, token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export type BillEditBody = CallInput<typeof updateBill>['body'];

export function useUpdateBill() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BillEditBody }) => call(API.updateBill, { params: { id }, body, token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export function useDeleteBill() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(API.deleteBill, { params: { id }, token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
