import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTACT_SORTS, PAGE_SIZE_PICKER, type Contact, type Page, type User } from '@frontage/shared';
import { http } from '../../lib/http';
import { companyKeys, type CompanyRef } from '../companies/api';
import { versionHeaders } from '../../lib/staleEdit';

/**
 * Contacts are users (spec A §3); the API answers with the user shape, its account fields (type,
 * sign-in, last activity, preferences) only for oneself and for admins (ADR 0073).
 */
export type { Contact };

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
  /** Admin-only, sent only when changed (ADR 0065). */
  type?: User['type'];
  can_sign_in?: boolean;
  password?: string;
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

/** The list's filters, sort and page size — what /users saves per user. */
export interface ContactListState extends Record<string, unknown> {
  q: string;
  /** Kept with its name so the picker can show it after a reload. */
  company: Pick<CompanyRef, 'id' | 'name'> | null;
  sort: string;
  per_page: number;
}

export const CONTACT_LIST_DEFAULTS: ContactListState = { q: '', company: null, sort: 'name', per_page: 25 };

const PAGE_SIZES: readonly number[] = [25, 50, 100];

/** A saved state from an older version (or edited by hand) must not break the list with a 422. */
export const sanitizeContactListState = (s: ContactListState): ContactListState => ({
  q: typeof s.q === 'string' ? s.q : '',
  company:
    s.company && Number.isInteger(s.company.id) && typeof s.company.name === 'string'
      ? { id: s.company.id, name: s.company.name }
      : null,
  sort: (CONTACT_SORTS as readonly unknown[]).includes(s.sort) ? s.sort : 'name',
  per_page: PAGE_SIZES.includes(s.per_page) ? s.per_page : CONTACT_LIST_DEFAULTS.per_page,
});

export const contactFilterQuery = (s: ContactListState) => ({
  q: s.q.trim() || undefined,
  company_id: s.company?.id,
  sort: s.sort,
});

export type ContactPage = Page<Contact>;

export const useContactList = (state: ContactListState, page: number, enabled: boolean) => {
  const query = { ...contactFilterQuery(state), page, per_page: state.per_page, include: 'company' };
  return useQuery({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) => http.get<ContactPage>('/users/', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useContact = (id: number | null) =>
  useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (await http.get<{ data: Contact }>(`/users/${id}`, { query: { include: 'company' }, signal })).data,
    enabled: id !== null,
  });

const useInvalidateContacts = () => {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: contactKeys.all });
    void qc.invalidateQueries({ queryKey: companyKeys.all });
  };
};

export const useUpdateContact = () => {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: async ({ id, body, version }: { id: number; body: ContactWrite; version?: string }) =>
      (
        await http.put<{ data: Contact }>(`/users/${id}`, body, {
          query: { include: 'company' },
          headers: versionHeaders(version),
          quiet: [412],
        })
      ).data,
    onSuccess: invalidate,
  });
};

export const useDeleteContact = () => {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/users/${id}`),
    onSuccess: invalidate,
  });
};
