import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { billResponse, type CreateBillRequest, type UpdateBillRequest } from '../../../shared/schemas/bills.js';
import type { WorkType } from '../../../shared/work-types.js';
import { api, apiRequest } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';

/** Monthly bills (SPEC §7 bill rows): list by work type, add, change, delete. */

const billList = z.object({ bills: z.array(billResponse) });
const createAnswer = z.object({ success: z.boolean(), msg: z.string().optional() });

export const billKeys = {
  all: ['bills'] as const,
  list: (work: WorkType) => ['bills', work] as const,
};

/** The bills of one work type, newest month first (the server sorts and filters). */
export function useBills(work: WorkType) {
  const { token } = useAuth();
  return useQuery({
    queryKey: billKeys.list(work),
    queryFn: ({ signal }) => api.get(`/mcctrain/getbills?${new URLSearchParams({ work }).toString()}`, { token, schema: billList, signal }).then((answer) => answer.bills),
    enabled: Boolean(token),
  });
}

/** POST /mcctrain/createbill; the status tells 201 created from 200 already there (SPEC §8). */
export function useCreateBill() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBillRequest) => apiRequest('POST', '/mcctrain/createbill', { token, body, schema: createAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export function useUpdateBill() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBillRequest }) => api.put(`/mcctrain/update-bill/${encodeURIComponent(id)}`, body, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export function useDeleteBill() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/mcctrain/delete-bill/${encodeURIComponent(id)}`, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
