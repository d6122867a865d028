import type { DealCreate } from './deal.schema';
import { formatDate } from './dates';
import { formatMoney } from './money';
import { rentPerSqft, rentSqftConsistent } from './rent-sqft';

/*
 * The warnings a deal's Review step shows before Finish (ADR 0081). Spec B §5 has no
 * required fields in these wizards, so none of them blocks: each must be acknowledged. They are
 * one pure function of the payload and the state of the place before it, so the server could
 * answer them too; the wizards show them.
 */

export type DealWarningCode =
  | 'no_new_tenant'
  | 'no_effective_date'
  | 'lease_end_before_start'
  | 'rent_sqft_inconsistent'
  | 'date_far_future';

export interface DealWarning {
  code: DealWarningCode;
  /** The payload field the warning is about. */
  field: string;
  /** Plain English, with the figures it is about. */
  message: string;
}

/** What the warnings read of the property before the deal (null for a scheme sale). */
export interface DealWarningPlace {
  rent_pa: string | null;
  nia_sqrt: number | string | null;
  area_size_type: string | null;
}

export const DEAL_WARNING_MESSAGES = {
  noNewTenant: 'No new tenant: the unit will be recorded as vacant.',
  noEffectiveDate: 'No effective date: the deal will not appear in comparables.',
  leaseEndBeforeStart: (end: string, start: string) =>
    `The lease end date (${end}) is before the lease start date (${start}).`,
  rentSqftInconsistent: (given: string, derived: string) =>
    `Rent per sqft ${given} does not agree with rent ÷ NIA (${derived}).`,
  farFuture: (label: string, date: string) => `The ${label} (${date}) is more than a year in the future.`,
} as const;

/** "Next Step" on a step holding both lease dates, when the end is before the start. */
export const LEASE_ORDER_MESSAGE = 'The lease end date must not be before the lease start date.';

/** The dates that are rarely more than a year ahead (a lease's end, review and break usually are). */
const NEAR_DATES = [
  ['effective_date', 'effective date'],
  ['lease_start_date', 'lease start date'],
] as const;

/** The deal types whose payload carries an effective date the user may leave empty. */
const OPTIONAL_EFFECTIVE_DATE: readonly string[] = [
  'sale',
  'new_letting',
  'subletting',
  'rent_review',
  'lease_renewal',
];

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** 'yyyy-mm-dd' one year on (29 February → the next year's 29th, which sorts as 1 March). */
const yearAfter = (iso: string): string => `${Number(iso.slice(0, 4)) + 1}${iso.slice(4)}`;

/**
 * The warnings of a deal payload (the wire body POST /api/deals takes) against the property as it
 * stands and today's date ('yyyy-mm-dd', the user's day):
 * - a new letting with no new tenant (the unit is recorded as vacant);
 * - no effective date (except the tracked retailer's, which requires one);
 * - a lease end date before the lease start date;
 * - a rent per sqft sent that disagrees with rent ÷ NIA (the rent and the NIA after the deal:
 *   the payload's, else the property's) by more than RENT_SQFT_TOLERANCE;
 * - an effective date or lease start date more than a year after today.
 */
export const dealWarnings = (
  payload: DealCreate,
  place: DealWarningPlace | null,
  today: string,
): DealWarning[] => {
  const b = payload as Record<string, unknown> & DealCreate;
  const out: DealWarning[] = [];
  const type = b.deal_type;
  if (type === 'new_letting' && (b.tenant_id ?? null) === null)
    out.push({ code: 'no_new_tenant', field: 'tenant_id', message: DEAL_WARNING_MESSAGES.noNewTenant });
  if (OPTIONAL_EFFECTIVE_DATE.includes(type) && !text(b.effective_date))
    out.push({
      code: 'no_effective_date',
      field: 'effective_date',
      message: DEAL_WARNING_MESSAGES.noEffectiveDate,
    });
  const start = text(b.lease_start_date);
  const end = text(b.lease_end_date);
  if (start && end && end < start)
    out.push({
      code: 'lease_end_before_start',
      field: 'lease_end_date',
      message: DEAL_WARNING_MESSAGES.leaseEndBeforeStart(formatDate(end), formatDate(start)),
    });
  const rentSqft = text(b.rent_sqft);
  if (rentSqft && place) {
    const rentPa = text(b.rent_pa) ?? place.rent_pa;
    const areas = b.areas as { nia_sqrt?: number | null; area_size_type?: string } | undefined;
    const nia = areas ? (areas.nia_sqrt ?? null) : place.nia_sqrt;
    const unit = areas?.area_size_type ?? place.area_size_type;
    const derived = rentPerSqft(rentPa, nia, unit);
    if (derived !== null && !rentSqftConsistent(rentSqft, rentPa, nia, unit)) {
      const currency = text(b.currency) ?? undefined;
      out.push({
        code: 'rent_sqft_inconsistent',
        field: 'rent_sqft',
        message: DEAL_WARNING_MESSAGES.rentSqftInconsistent(
          formatMoney(rentSqft, currency),
          formatMoney(derived, currency),
        ),
      });
    }
  }
  const limit = yearAfter(today);
  for (const [field, label] of NEAR_DATES) {
    const date = text(b[field]);
    if (date && date > limit)
      out.push({
        code: 'date_far_future',
        field,
        message: DEAL_WARNING_MESSAGES.farFuture(label, formatDate(date)),
      });
  }
  return out;
};

/** A warning's identity: acknowledging it holds while its figures stay the same. */
export const dealWarningKey = (w: DealWarning): string => `${w.code}:${w.field}:${w.message}`;
