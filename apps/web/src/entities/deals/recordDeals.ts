import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PORTFOLIO_ROLE_LABELS, type Page, type PortfolioRole, type RecordDealItem } from '@frontage/shared';
import { http } from '../../lib/http';
import { dealKeys } from './api';

export type RecordDealsPage = Page<RecordDealItem>;

/**
 * GET /api/companies/{id}/deals or /api/users/{id}/deals (`owner` is '/companies/5' or
 * '/users/7'): the deals the record is a party to, newest first, with its roles on each. Quiet:
 * the card says when they could not be loaded.
 */
export const useRecordDeals = (owner: string, page: number, perPage: number) =>
  useQuery({
    queryKey: [...dealKeys.all, 'of-record', owner, page, perPage] as const,
    queryFn: ({ signal }) =>
      http.get<RecordDealsPage>(`${owner}/deals`, {
        query: { page, per_page: perPage },
        signal,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

const PREVIOUS = 'prev_';

/**
 * A deal_parties role as a reader says it: 'landlord_agent' → 'Landlord agent',
 * 'prev_tenant' → 'Previous tenant', 'tenant_contact' → 'Tenant contact'.
 */
export const dealPartyRoleLabel = (role: string): string => {
  if (role.startsWith(PREVIOUS))
    return `Previous ${dealPartyRoleLabel(role.slice(PREVIOUS.length)).toLowerCase()}`;
  const known = PORTFOLIO_ROLE_LABELS[role as PortfolioRole] as string | undefined;
  if (known) return known;
  const words = role.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
