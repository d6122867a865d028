import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_PICKER, type Company, type CompanyCategory } from '@frontage/shared';
import { ApiError, http } from '../../lib/http';

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
