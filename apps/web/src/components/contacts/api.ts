import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_PICKER, type User } from '@frontage/shared';
import { http } from '../../lib/http';
import { companyKeys } from '../companies/api';

/** Contacts are users (spec A §3); the API answers with the user shape. */
export type Contact = User;

export const contactKeys = {
  all: ['contacts'] as const,
  search: (q: string, perPage: number, companyId: number | null) =>
    ['contacts', 'search', q, perPage, companyId] as const,
  list: (params: Record<string, unknown>) => ['contacts', 'list', params] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
};

/** What a contact picker holds: a contact from a search, or any {id, name} the caller knows. */
export interface ContactRef {
  id: number;
  name: string;
  email?: string | null;
  company_id?: number | null;
  company?: Contact['company'];
}

/** GET /api/users/ for a picker (spec A §7: per_page 100, include company). Failures stay quiet. */
export const contactSearchOptions = (
  q: string,
  perPage: number = PAGE_SIZE_PICKER,
  companyId: number | null = null,
) => ({
  queryKey: contactKeys.search(q, perPage, companyId),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await http.get<{ data: Contact[] }>('/users/', {
        query: { q: q.trim() || undefined, per_page: perPage, include: 'company', company_id: companyId },
        quiet: true,
        signal,
      })
    ).data,
  staleTime: 10_000,
});

export const useContactSearch = (q: string, enabled: boolean, perPage?: number, companyId?: number | null) =>
  useQuery({ ...contactSearchOptions(q, perPage, companyId), enabled, placeholderData: keepPreviousData });

/** The body of POST /api/users and PUT /api/users/{id} (spec A §7). */
export interface ContactWrite {
  company_id: number | null;
  name: string;
  email: string;
  direct_dial: string | null;
  mobile: string | null;
}

export const useCreateContact = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContactWrite) => (await http.post<{ data: Contact }>('/users', body)).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: contactKeys.all });
      // A company's contacts count changed.
      void qc.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
};
