import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_SORTS,
  PAGE_SIZE_PICKER,
  VERIFICATION_STATES,
  type Company,
  type CompanyCategory,
  type Pagination,
  type Contact,
  type VerificationState,
  type Page,
} from '@frontage/shared';
import { ApiError, http } from '../../lib/http';
import { versionHeaders } from '../../lib/staleEdit';

/** Query keys of everything company-shaped; invalidating `all` refreshes lists, pickers and pages. */
export const companyKeys = {
  all: ['companies'] as const,
  search: (q: string) => ['companies', 'search', q] as const,
  list: (params: Record<string, unknown>) => ['companies', 'list', params] as const,
  detail: (id: number) => ['companies', 'detail', id] as const,
  byDomain: (domain: string) => ['companies', 'by-domain', domain] as const,
  categories: ['company-categories'] as const,
};

/**
 * What a company picker holds: a full company from a search, or the summary nested in a contact.
 * The verification fields are optional because a summary may not carry them.
 */
export interface CompanyRef {
  id: number;
  name: string;
  logo?: string | null;
  is_verified?: boolean;
  verified_at?: string | null;
  scraper?: { verified_at: string | null } | null;
}

/** GET /api/companies/ for a picker (spec A §7: per_page 100, include scraper). Failures stay quiet. */
export const companySearchOptions = (q: string) => ({
  queryKey: companyKeys.search(q),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await http.get<{ data: Company[] }>('/companies/', {
        query: { q: q.trim() || undefined, per_page: PAGE_SIZE_PICKER, include: 'scraper' },
        quiet: true,
        signal,
      })
    ).data,
  staleTime: 10_000,
});

export const useCompanySearch = (q: string, enabled: boolean) =>
  useQuery({ ...companySearchOptions(q), enabled, placeholderData: keepPreviousData });

/** GET /api/companies/by-domain — the company an e-mail address belongs to, or null (404). */
export const useCompanyByDomain = (domain: string | null) =>
  useQuery({
    queryKey: companyKeys.byDomain(domain ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return (
          await http.get<{ data: Company }>('/companies/by-domain', {
            query: { domain },
            quiet: true,
            signal,
          })
        ).data;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: !!domain,
    staleTime: 60_000,
    retry: false,
  });

/** GET /api/company-categories — only admins see the selector, so only they ask. */
export const useCompanyCategories = (enabled = true) =>
  useQuery({
    queryKey: companyKeys.categories,
    queryFn: async () => (await http.get<{ data: CompanyCategory[] }>('/company-categories')).data,
    enabled,
    staleTime: 5 * 60_000,
  });

export interface CompanyWrite {
  name: string;
  domain: string | null;
  phone: string | null;
  /** Category ids; only sent for admins (the server ignores them for everyone else). */
  categories?: number[];
}

const sortedIds = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** POST /api/companies — multipart: logo, name, domain, phone, categories[] ids ascending (spec A §7). */
export const createCompanyRequest = async (fields: CompanyWrite, logo: File | null): Promise<Company> => {
  const form = new FormData();
  form.append('name', fields.name);
  if (fields.domain) form.append('domain', fields.domain);
  if (fields.phone) form.append('phone', fields.phone);
  for (const id of sortedIds(fields.categories ?? [])) form.append('categories[]', String(id));
  if (logo) form.append('logo', logo, logo.name);
  return (await http.post<{ data: Company }>('/companies', form)).data;
};

export const useCreateCompany = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, logo }: { fields: CompanyWrite; logo: File | null }) =>
      createCompanyRequest(fields, logo),
    onSuccess: () => qc.invalidateQueries({ queryKey: companyKeys.all }),
  });
};

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

export type CompanyPage = Page<Company>;

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
          // A company that does not exist (merged, deleted, a bad link) is the page's to say.
          quiet: [404],
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
      await http.get<{ data: Contact[]; meta: { pagination: Pagination } }>('/users/', {
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

/** PUT /api/companies/{id} (JSON, If-Match), then the logo: replaced (POST, multipart) or removed (DELETE). */
export const useUpdateCompany = () => {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: async (args: {
      id: number;
      fields: CompanyWrite;
      logo: File | null;
      removeLogo: boolean;
      /** The version the form was opened on (If-Match): a stale save is refused with 412. */
      version?: string;
    }) => {
      let company = (
        await http.put<{ data: Company }>(`/companies/${args.id}`, args.fields, {
          headers: versionHeaders(args.version),
          quiet: [412],
        })
      ).data;
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
