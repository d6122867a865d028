import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DUPLICATE_MESSAGES, SIMILAR_DEBOUNCE_MS, type SimilarContact } from '@frontage/shared';
import { SimilarRecordsNotice } from '../../components/SimilarRecordsNotice';
import { http } from '../../lib/http';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { contactKeys } from './api';

/** GET /api/users/similar for the typed name in the chosen company, once it settles; quiet on failure. */
export const useSimilarContacts = (name: string, companyId: number | null, excludeId?: number) => {
  const settled = useDebouncedValue(name.trim(), SIMILAR_DEBOUNCE_MS);
  return useQuery({
    queryKey: [...contactKeys.all, 'similar', settled, companyId, excludeId ?? null] as const,
    queryFn: async ({ signal }) =>
      (
        await http.get<{ data: SimilarContact[] }>('/users/similar', {
          query: { name: settled, company_id: companyId ?? undefined, exclude_id: excludeId },
          quiet: true,
          signal,
        })
      ).data,
    enabled: !!settled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/**
 * The contacts of the same company a contact being created may duplicate (ADR 0082), under its
 * form. `onUse` (a picker's create-in-place) takes one instead.
 */
export function SimilarContacts({
  name,
  companyId,
  excludeId,
  onUse,
}: {
  name: string;
  companyId: number | null;
  excludeId?: number;
  onUse?: (contact: { id: number; name: string }) => void;
}) {
  const { data } = useSimilarContacts(name, companyId, excludeId);
  const records = (name.trim() ? (data ?? []) : []).map((c) => ({
    ...c,
    label: c.name,
    detail: [DUPLICATE_MESSAGES.contact[c.match], c.email].filter(Boolean).join(' · '),
    href: `/users?id=${c.id}`,
  }));
  return (
    <SimilarRecordsNotice
      title={DUPLICATE_MESSAGES.contactTitle}
      records={records}
      onUse={onUse ? (r) => onUse({ id: r.id, name: r.name }) : undefined}
    />
  );
}
