/**
 * The lease terms (ADR 0086) in every form that records a lease: the property dialogs and pages,
 * the scheme unit form and the deal wizards' lease steps. The form holds each as typed text ('' =
 * none); the payloads send codes and whole numbers, leaving a bad number as typed so that the
 * shared schema names it.
 */
import {
  BREAK_KIND_LABELS,
  BREAK_PARTY_LABELS,
  LEASE_TERM_KEYS,
  REVIEW_BASIS_LABELS,
  SECURITY_OF_TENURE_LABELS,
  type LeaseTermKey,
} from '@frontage/shared';

export type LeaseTermsFormValues = Record<LeaseTermKey, string>;

/** The terms chosen from a list, with the labels each code is shown by. */
export const LEASE_TERM_OPTIONS: Partial<Record<LeaseTermKey, Readonly<Record<string, string>>>> = {
  security_of_tenure: SECURITY_OF_TENURE_LABELS,
  break_party: BREAK_PARTY_LABELS,
  break_kind: BREAK_KIND_LABELS,
  review_basis: REVIEW_BASIS_LABELS,
};
const NUMERIC: readonly LeaseTermKey[] = ['break_notice_months', 'review_interval_years'];

export const emptyLeaseTerms = (): LeaseTermsFormValues =>
  Object.fromEntries(LEASE_TERM_KEYS.map((k) => [k, ''])) as LeaseTermsFormValues;

/** The form's values from a property or a deal as read. */
export const leaseTermsFrom = (
  r: Partial<Record<LeaseTermKey, string | number | null | undefined>>,
): LeaseTermsFormValues =>
  Object.fromEntries(
    LEASE_TERM_KEYS.map((k) => [k, r[k] === null || r[k] === undefined ? '' : String(r[k])]),
  ) as LeaseTermsFormValues;

/** One term as sent: null when empty, a whole number as a number, anything else as typed. */
const sent = (k: LeaseTermKey, s: string | undefined): string | number | null => {
  const t = (s ?? '').trim();
  if (!t) return null;
  return NUMERIC.includes(k) && /^\d{1,9}$/.test(t) ? Number(t) : t;
};

/** A create payload's terms: the ones given (empties left out). */
export const leaseTermsPayload = (
  v: Partial<LeaseTermsFormValues>,
): Partial<Record<LeaseTermKey, string | number>> => {
  const out: Partial<Record<LeaseTermKey, string | number>> = {};
  for (const k of LEASE_TERM_KEYS) {
    const value = sent(k, v[k]);
    if (value !== null) out[k] = value;
  }
  return out;
};

/** An update's terms: the ones that differ from the form as opened, a cleared one as null. */
export const leaseTermsChanges = (
  base: Partial<LeaseTermsFormValues>,
  v: Partial<LeaseTermsFormValues>,
): Partial<Record<LeaseTermKey, string | number | null>> => {
  const out: Partial<Record<LeaseTermKey, string | number | null>> = {};
  for (const k of LEASE_TERM_KEYS) if (sent(k, base[k]) !== sent(k, v[k])) out[k] = sent(k, v[k]);
  return out;
};

/** A stored term as a reader sees it: its label, "6 months", "5 years", the notes as written. */
export const leaseTermText = (k: LeaseTermKey, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const labels = LEASE_TERM_OPTIONS[k];
  if (labels) return labels[String(value)] ?? String(value);
  const n = Number(value);
  if (k === 'break_notice_months' && Number.isInteger(n)) return `${n} ${n === 1 ? 'month' : 'months'}`;
  if (k === 'review_interval_years' && Number.isInteger(n)) return `${n} ${n === 1 ? 'year' : 'years'}`;
  return String(value);
};
