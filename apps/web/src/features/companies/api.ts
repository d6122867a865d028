import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_SORTS,
  VERIFICATION_STATES,
  type Company,
  type Pagination,
  type User,
  type VerificationState,
} from '@frontage/shared';
import { http } from '../../lib/http';
import { companyKeys, type CompanyWrite } from '../../components/companies/api';

/** The list's filters, sort and page size — what /companies saves per user. */
export interface CompanyListState extends Record<string, unknown> {
  q: string;
  category_id: number | null;
  verification: VerificationState | null;
  sort: string;
  per_page: number;
}

export const COMPANY_LIST_DEFAULTS: CompanyListState = {
  q: '',
  category_id: null,
  verification: null,
  sort: 'name',
  per_page: 25,
};

const PAGE_SIZES: readonly number[] = [25, 50, 100];

/** A saved state from an older version (or edited by hand) must not break the list with a 422. */
export const sanitizeCompanyListState = (s: CompanyListState): CompanyListState => ({
  q: typeof s.q === 'string' ? s.q : '',
  category_id: Number.isInteger(s.category_id) && (s.category_id as number) > 0 ? s.category_id : null,
  verification: (VERIFICATION_STATES as readonly unknown[]).includes(s.verification) ? s.verification : null,
  sort: (COMPANY_SORTS as readonly unknown[]).includes(s.sort) ? s.sort : 'name',
  per_page: PAGE_SIZES.includes(s.per_page) ? s.per_page : COMPANY_LIST_DEFAULTS.per_page,
});

/** The list's filters as the list and export calls name them. */
export const companyFilterQuery = (s: CompanyListState) => ({
  q: s.q.trim() || undefined,
  category_id: s.category_id ?? undefined,
  verification: s.verification ?? undefined,
  sort: s.sort,
});

export interface CompanyPage {
  data: Company[];
  meta: { pagination: Pagination };
}

export const useCompanyList = (state: CompanyListState, page: number, enabled: boolean) => {
  const query = {
    ...companyFilterQuery(state),
    page,
    per_page: state.per_page,
    include: 'scraper,categories,contacts_count',
  };
  return useQuery({
    queryKey: companyKeys.list(query),
    queryFn: ({ signal }) => http.get<CompanyPage>('/companies/', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useCompany = (id: number | null) =>
  useQuery({
    queryKey: companyKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (
        await http.get<{ data: Company }>(`/companies/${id}`, {
          query: { include: 'scraper,contacts_count' },
          signal,
        })
      ).data,
    enabled: id !== null,
  });

/** GET /api/users/?company_id= — a company's contacts (its page and details). */
export const useCompanyContacts = (companyId: number | null) =>
  useQuery({
    queryKey: ['contacts', 'of-company', companyId],
    queryFn: async ({ signal }) =>
      await http.get<{ data: User[]; meta: { pagination: Pagination } }>('/users/', {
        query: { company_id: companyId, per_page: 100, sort: 'name' },
        signal,
      }),
    enabled: companyId !== null,
  });

const useInvalidateCompanies = () => {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: companyKeys.all });
    void qc.invalidateQueries({ queryKey: ['contacts'] });
  };
};

/** PUT /api/companies/{id} (JSON), then the logo: replaced (POST, multipart) or removed (DELETE). */
export const useUpdateCompany = () => {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: async (args: {
      id: number;
      fields: CompanyWrite;
      logo: File | null;
      removeLogo: boolean;
    }) => {
      let company = (await http.put<{ data: Company }>(`/companies/${args.id}`, args.fields)).data;
      if (args.logo) {
        const form = new FormData();
        form.append('logo', args.logo, args.logo.name);
        company = (await http.post<{ data: Company }>(`/companies/${args.id}/logo`, form)).data;
      } else if (args.removeLogo && company.logo) {
        company = (await http.delete<{ data: Company }>(`/companies/${args.id}/logo`)).data;
      }
      return company;
    },
    onSuccess: invalidate,
  });
};

export const useDeleteCompany = () => {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/companies/${id}`),
    onSuccess: invalidate,
  });
};

export const useVerifyCompany = () => {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: ({ id, is_verified }: { id: number; is_verified: boolean }) =>
      http.put<{ data: Company }>(`/companies/${id}/verification`, { is_verified }),
    onSuccess: invalidate,
  });
};

export const useMergeCompany = () => {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: ({ id, target_id }: { id: number; target_id: number }) =>
      http.post(`/companies/${id}/merge`, { target_id }),
    onSuccess: invalidate,
  });
};
