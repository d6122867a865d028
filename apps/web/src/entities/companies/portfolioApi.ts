import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PortfolioPage, PortfolioRole, PortfolioSort } from '@frontage/shared';
import { http } from '../../lib/http';
import { companyKeys } from './api';

/** The portfolio's filter and sort, as the table and its CSV export send them (portfolioQuerySchema). */
export interface PortfolioFilter {
  /** Any of these roles; empty: every role. */
  roles: readonly PortfolioRole[];
  sort: PortfolioSort;
}

export const portfolioFilterQuery = (f: PortfolioFilter) => ({
  role: f.roles.length ? f.roles.join(',') : undefined,
  sort: f.sort,
});

/**
 * GET /api/companies/{id}/portfolio: the units where the company is tenant, legal tenant,
 * landlord or an agent, paged on the server with the count of every role in `meta.counts`. Quiet:
 * the tab says when it could not be loaded.
 */
export const usePortfolio = (
  companyId: number,
  filter: PortfolioFilter,
  paging: { page: number; per_page: number },
) => {
  const query = { ...portfolioFilterQuery(filter), ...paging };
  return useQuery({
    queryKey: [...companyKeys.detail(companyId), 'portfolio', query] as const,
    queryFn: ({ signal }) =>
      http.get<PortfolioPage>(`/companies/${companyId}/portfolio`, { query, signal, quiet: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
};
