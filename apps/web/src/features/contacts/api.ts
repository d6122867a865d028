import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTACT_SORTS, type Pagination } from '@frontage/shared';
import { http } from '../../lib/http';
import { companyKeys, type CompanyRef } from '../../components/companies/api';
import { contactKeys, type Contact, type ContactWrite } from '../../components/contacts/api';

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

export interface ContactPage {
  data: Contact[];
  meta: { pagination: Pagination };
}

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
    mutationFn: async ({ id, body }: { id: number; body: ContactWrite }) =>
      (await http.put<{ data: Contact }>(`/users/${id}`, body, { query: { include: 'company' } })).data,
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
