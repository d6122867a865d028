import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DUPLICATE_MESSAGES,
  SIMILAR_DEBOUNCE_MS,
  normaliseDomain,
  type SimilarCompany,
} from '@frontage/shared';
import { SimilarRecordsNotice } from '../../components/SimilarRecordsNotice';
import { http } from '../../lib/http';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { companyKeys, type CompanyRef } from './api';

/** GET /api/companies/similar for what has been typed, once it settles; quiet on failure. */
export const useSimilarCompanies = (name: string, domain: string, excludeId?: number) => {
  const settled = useDebouncedValue({ name: name.trim(), domain: domain.trim() }, SIMILAR_DEBOUNCE_MS);
  const d = settled.domain ? normaliseDomain(settled.domain) : '';
  return useQuery({
    queryKey: [...companyKeys.all, 'similar', settled.name, d, excludeId ?? null] as const,
    queryFn: async ({ signal }) =>
      (
        await http.get<{ data: SimilarCompany[] }>('/companies/similar', {
          query: { name: settled.name || undefined, domain: d || undefined, exclude_id: excludeId },
          quiet: true,
          signal,
        })
      ).data,
    enabled: !!settled.name || !!d,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/**
 * The companies a company being created may duplicate (ADR 0082), under its form: the same name,
 * the same domain or a very similar name. `onUse` (a picker's create-in-place) takes one instead.
 */
export function SimilarCompanies({
  name,
  domain,
  excludeId,
  onUse,
}: {
  name: string;
  domain: string;
  excludeId?: number;
  onUse?: (company: CompanyRef) => void;
}) {
  const { data } = useSimilarCompanies(name, domain, excludeId);
  const enabled = !!name.trim() || !!domain.trim();
  const records = (enabled ? (data ?? []) : []).map((c) => ({
    ...c,
    label: c.name,
    detail: [DUPLICATE_MESSAGES.company[c.match], c.domain].filter(Boolean).join(' · '),
    href: `/companies?id=${c.id}`,
  }));
  return (
    <SimilarRecordsNotice
      title={DUPLICATE_MESSAGES.companyTitle}
      records={records}
      onUse={onUse ? (r) => onUse({ id: r.id, name: r.name, is_verified: r.is_verified }) : undefined}
    />
  );
}
