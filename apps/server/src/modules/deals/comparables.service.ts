import {
  AREA_UNIT_LABELS,
  COMPARABLE_CURRENCY_DEFAULT,
  COMPARABLE_DEFAULT_TYPES,
  COMPARABLE_DEFAULT_YEARS,
  COMPARABLE_MESSAGES,
  COMPARABLE_SERIES_MAX,
  COMPARABLE_SIZE_BAND,
  DEAL_TYPE_LABELS,
  todayIso,
  type ComparableApplied,
  type ComparableSpread,
  type ComparablesExportQuery,
  type ComparablesQueryParsed,
  type ComparablesResponse,
  type DealType,
  type SchemeType,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { EXPORT_BATCH, csvStream, exportFileName, linesOfIdBatches, type CsvExport } from '../../lib/csv';
import { ValidationError } from '../../lib/errors';
import { offsetOf, toPage } from '../../lib/page';
import { ukDay } from '../properties/properties.export';
import * as repo from './comparables.repository';

type Filters = ComparablesExportQuery;

/** 'yyyy-mm-dd' `years` before `iso` (29 February falls back to the 28th). */
const yearsBefore = (iso: string, years: number): string => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const day = m === 2 && d === 29 ? 28 : d;
  return `${String(y - years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** Rounds an area bound to 2 decimals (areas are numeric(…, 2)). */
const area = (n: number): number => Math.round(n * 100) / 100;

/**
 * The filters applied (ADR 0047): explicit ones as given; from a property its post-code district
 * (else town), NIA ± 50 % and the last five years; from a scheme its district (else town), its
 * scheme type and the last five years; from a free filter the last five years. Types default to
 * lettings, renewals and reviews; the currency to GBP. 422 when the property or scheme is missing.
 */
export const resolveFilters = async (deps: ServiceDeps, q: Filters): Promise<ComparableApplied> => {
  const from = q.from ?? (q.to ? null : yearsBefore(todayIso(deps.now()), COMPARABLE_DEFAULT_YEARS));
  const explicitPlace = q.town !== undefined || q.district !== undefined;
  const applied: ComparableApplied = {
    basis: { kind: 'filter' },
    town: q.town ?? null,
    district: q.district ?? null,
    scheme_type: q.scheme_type ?? null,
    size_min: q.size_min ?? null,
    size_max: q.size_max ?? null,
    from,
    to: q.to ?? null,
    types: [...(q.types ?? COMPARABLE_DEFAULT_TYPES)],
    currency: q.currency ?? COMPARABLE_CURRENCY_DEFAULT,
  };
  if (q.property_id !== undefined) {
    const p = await repo.propertyBasis(deps.db, q.property_id);
    if (!p) throw ValidationError.field('property_id', COMPARABLE_MESSAGES.propertyMissing);
    applied.basis = { kind: 'property', id: p.id, label: p.label, nia_sqft: p.nia_sqft };
    if (!explicitPlace) {
      applied.district = p.district;
      applied.town = p.district ? null : p.town;
    }
    if (p.nia_sqft !== null && p.nia_sqft > 0) {
      if (q.size_min === undefined) applied.size_min = area(p.nia_sqft * (1 - COMPARABLE_SIZE_BAND));
      if (q.size_max === undefined) applied.size_max = area(p.nia_sqft * (1 + COMPARABLE_SIZE_BAND));
    }
  } else if (q.scheme_id !== undefined) {
    const s = await repo.schemeBasis(deps.db, q.scheme_id);
    if (!s) throw ValidationError.field('scheme_id', COMPARABLE_MESSAGES.schemeMissing);
    applied.basis = { kind: 'scheme', id: s.id, label: s.label };
    if (!explicitPlace) {
      applied.district = s.district;
      applied.town = s.district ? null : s.town;
    }
    applied.scheme_type ??= s.type as SchemeType;
  }
  return applied;
};

const filterOf = (a: ComparableApplied): repo.ComparableFilter => ({
  town: a.town,
  district: a.district,
  scheme_type: a.scheme_type,
  size_min: a.size_min,
  size_max: a.size_max,
  from: a.from,
  to: a.to,
  types: a.types,
  currency: a.currency,
  seriesMax: COMPARABLE_SERIES_MAX,
});

/** A property or scheme with no place known matches nothing (rather than every deal). */
const placeless = (a: ComparableApplied): boolean => a.town === null && a.district === null;

const present = (r: repo.ComparableRow) => ({
  deal_id: r.deal_id,
  deal_type: r.deal_type as DealType,
  effective_date: r.effective_date,
  property: { id: r.property_id, building_num: r.building_num, full_address: r.full_address },
  scheme: r.scheme_id !== null ? { id: r.scheme_id, name: r.scheme_name ?? '' } : null,
  town: r.town,
  district: r.district,
  tenant: r.tenant_id !== null ? { id: r.tenant_id, name: r.tenant_name ?? '' } : null,
  currency: r.currency,
  rent_pa: r.rent_pa,
  rent_sqft: r.rent_sqft,
  rent_sqft_source:
    r.rent_sqft === null ? null : r.rent_sqft_from_deal ? ('deal' as const) : ('nia' as const),
  zone_a: r.zone_a,
  nia_sqft: r.nia_sqft === null ? null : Number(r.nia_sqft),
  itza_sqft: r.itza_sqft === null ? null : Number(r.itza_sqft),
});

const emptySpread: ComparableSpread = { count: 0, min: null, q1: null, median: null, q3: null, max: null };

/** GET /api/deals/comparables: a page of rows, the stats over every matching deal, the chart. */
export const comparables = async (
  deps: ServiceDeps,
  q: ComparablesQueryParsed,
): Promise<ComparablesResponse> => {
  const applied = await resolveFilters(deps, q);
  const { page, per_page: perPage } = q;
  if (placeless(applied)) {
    return {
      data: [],
      meta: {
        pagination: toPage([], { total: 0, page, perPage }).meta.pagination,
        stats: { count: 0, rent_sqft: emptySpread, zone_a: emptySpread },
        applied,
        series: [],
        series_total: 0,
      },
    };
  }
  const f = filterOf(applied);
  const s = await repo.summary(deps.db, f);
  const rows =
    s.n > offsetOf(page, perPage)
      ? await repo.rows(deps.db, f, { limit: perPage, offset: offsetOf(page, perPage) })
      : [];
  const series = typeof s.series === 'string' ? (JSON.parse(s.series) as typeof s.series) : s.series;
  const paged = toPage(rows.map(present), { total: s.n, page, perPage });
  return {
    data: paged.data,
    meta: {
      pagination: paged.meta.pagination,
      stats: {
        count: s.n,
        rent_sqft: { count: s.r_n, min: s.r_min, q1: s.r_q1, median: s.r_median, q3: s.r_q3, max: s.r_max },
        zone_a: { count: s.z_n, min: s.z_min, q1: s.z_q1, median: s.z_median, q3: s.z_q3, max: s.z_max },
      },
      applied,
      series: (series as Array<[number, string, string]>).map(([deal_id, effective_date, rent_sqft]) => ({
        deal_id,
        effective_date,
        rent_sqft,
      })),
      series_total: s.r_n,
    },
  };
};

export const COMPARABLE_EXPORT_COLUMNS = [
  'deal_id',
  'effective_date',
  'deal_type',
  'property_id',
  'unit',
  'address',
  'town',
  'district',
  'scheme',
  'tenant',
  'currency',
  'rent_pa',
  'rent_per_sq_ft',
  'rent_per_sq_ft_from',
  'zone_a_per_sq_ft',
  'nia_sq_ft',
  'itza_sq_ft',
] as const;

/** GET /api/deals/comparables/export: every matching deal, newest first, 1,000 per batch (ADR 0069). */
export const exportComparables = async (
  deps: ServiceDeps,
  q: ComparablesExportQuery,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  const applied = await resolveFilters(deps, q);
  const f = filterOf(applied);
  const total = placeless(applied) ? 0 : await repo.countRows(deps.db, f);
  const batches = () =>
    linesOfIdBatches(
      placeless(applied) ? (async function* () {})() : repo.exportIds(deps.db, f, batchSize),
      (ids) => repo.exportRows(deps.db, ids),
      (r) => r.deal_id,
      (r) => [
        r.deal_id,
        ukDay(r.effective_date),
        DEAL_TYPE_LABELS[r.deal_type as DealType] ?? r.deal_type,
        r.property_id,
        r.building_num,
        r.full_address,
        r.town,
        r.district,
        r.scheme_name,
        r.tenant_name,
        r.currency,
        r.rent_pa,
        r.rent_sqft,
        r.rent_sqft === null
          ? null
          : r.rent_sqft_from_deal
            ? 'deal'
            : `rent pa ÷ NIA (${AREA_UNIT_LABELS.sqft})`,
        r.zone_a,
        r.nia_sqft,
        r.itza_sqft,
      ],
    );
  return {
    total,
    filename: exportFileName('comparables', deps.now()),
    stream: csvStream(COMPARABLE_EXPORT_COLUMNS, batches, onError),
  };
};
