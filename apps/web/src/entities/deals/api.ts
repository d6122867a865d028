import type { QueryClient } from '@tanstack/react-query';
import type { DealCreate } from '@frontage/shared';
import { http } from '../../lib/http';
import { placeKeys } from '../properties/api';

/** Query keys of deal reads, so a recorded deal refreshes every list that shows it. */
export const dealKeys = {
  all: ['deals'] as const,
  one: (id: number) => ['deals', 'one', id] as const,
  ofProperty: (propertyId: number) => ['deals', 'property', propertyId] as const,
};

/**
 * POST /api/deals — a wizard's submit as one call. The Idempotency-Key makes a retried Finish
 * (after a timeout or a lost answer) return the first answer instead of recording twice. 422s are
 * put against the wizard's fields, so they are not toasted.
 */
export const createDeal = async (body: DealCreate, idempotencyKey: string): Promise<{ id: number }> =>
  (
    await http.post<{ data: { id: number } }>('/deals', body, {
      quiet: [422],
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;

/** After a deal: the property (its fields, deals and history) and every list showing it. */
export const refreshAfterDeal = (qc: QueryClient, propertyId: number): Promise<unknown> =>
  Promise.all([
    qc.invalidateQueries({ queryKey: placeKeys.properties }),
    qc.invalidateQueries({ queryKey: dealKeys.all }),
    qc.invalidateQueries({ queryKey: ['history', 'property', propertyId] }),
  ]);
