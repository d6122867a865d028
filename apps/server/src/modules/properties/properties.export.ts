import {
  AREA_UNIT_LABELS,
  BREAK_KIND_LABELS,
  BREAK_PARTY_LABELS,
  REVIEW_BASIS_LABELS,
  SECURITY_OF_TENURE_LABELS,
  type AreaSizeType,
  type PropertySort,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import type { CsvExport } from '../companies/companies.export';
import { EXPORT_BATCH, csvStream, exportFileName, formatUkDate, linesOfIdBatches } from '../../lib/csv';
import type { PlacesActor } from './properties.service';
import * as repo from './properties.export.repository';
import type { PropertyFilters } from './properties.repository';

export const PROPERTY_EXPORT_COLUMNS = [
  'id',
  'unit',
  'address',
  'town',
  'post_code',
  'scheme',
  'tenant',
  'legal_tenant',
  'landlords',
  'currency',
  'rent_pa',
  'rent_per_sq_ft',
  'rateable_value',
  'service_charge',
  'lease_start',
  'lease_end',
  'next_review',
  'break_date',
  'area_unit',
  'nia',
  'itza',
  'updated',
  // The lease terms (ADR 0086), after the columns existing readers rely on, as their labels.
  'security_of_tenure',
  'break_party',
  'break_kind',
  'break_notice_months',
  'review_interval_years',
  'review_basis',
  'lease_notes',
] as const;

/** A stored code as its label (an unknown code as itself, none as empty). */
const label = (labels: Readonly<Record<string, string>>, code: string | null): string | null =>
  code === null ? null : (labels[code] ?? code);

/** 'yyyy-mm-dd' (a calendar date, no time zone) → dd/mm/yyyy. */
export const ukDay = (d: string | null): string => (d ? d.slice(0, 10).split('-').reverse().join('/') : '');

export type PropertyExportQuery = Omit<PropertyFilters, 'mine' | 'type'> & {
  mine?: boolean | undefined;
  sort: PropertySort;
};

/**
 * Every property matching the list's filters, in the list's order, as CSV, 1,000 rows per batch:
 * each batch's ids (repo.exportIds: an index range, or a slice of the ids sorted once) and then
 * their rows by id — short statements, with the event loop free between them (ADR 0069).
 */
export const exportProperties = async (
  deps: ServiceDeps,
  actor: PlacesActor,
  q: PropertyExportQuery,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  const f: PropertyFilters = {
    ...q,
    mine: q.mine ? { userId: actor.id, companyId: actor.company_id } : undefined,
  };
  const total = await repo.countProperties(deps.db, f);
  const batches = () =>
    linesOfIdBatches(
      repo.exportIds(deps.db, f, q.sort, batchSize),
      (ids) => repo.exportRows(deps.db, ids),
      (r) => r.id,
      (r) => [
        r.id,
        r.building_num,
        r.full_address,
        r.town,
        r.post_code,
        r.scheme,
        r.tenant,
        r.legal_tenant,
        r.landlords,
        r.currency,
        r.rent_pa,
        r.rent_sqft,
        r.rateable_value,
        r.service_charge,
        ukDay(r.lease_start_date),
        ukDay(r.lease_end_date),
        ukDay(r.next_review_date),
        ukDay(r.break_date),
        AREA_UNIT_LABELS[r.area_size_type as AreaSizeType] ?? r.area_size_type,
        r.nia_sqrt,
        r.itza_area,
        formatUkDate(new Date(r.updated_at)),
        label(SECURITY_OF_TENURE_LABELS, r.security_of_tenure),
        label(BREAK_PARTY_LABELS, r.break_party),
        label(BREAK_KIND_LABELS, r.break_kind),
        r.break_notice_months,
        r.review_interval_years,
        label(REVIEW_BASIS_LABELS, r.review_basis),
        r.lease_notes,
      ],
    );
  return {
    total,
    filename: exportFileName('properties', deps.now()),
    stream: csvStream(PROPERTY_EXPORT_COLUMNS, batches, onError),
  };
};
