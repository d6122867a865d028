import type { BreakKind, BreakParty, LeaseTermKey, ReviewBasis, SecurityOfTenure } from '@frontage/shared';

/** The lease-term columns as `properties` and `deals` store them (text codes the checks bound). */
export type LeaseTermColumns = {
  [K in LeaseTermKey]: K extends `${string}_months` | `${string}_years` ? number | null : string | null;
};

/**
 * A row's lease terms as a read answers them (ADR 0086). The codes are narrowed by the columns'
 * check constraints, so the casts name what the database already guarantees.
 */
export const presentLeaseTerms = (r: LeaseTermColumns) => ({
  security_of_tenure: r.security_of_tenure as SecurityOfTenure | null,
  break_party: r.break_party as BreakParty | null,
  break_kind: r.break_kind as BreakKind | null,
  break_notice_months: r.break_notice_months,
  review_interval_years: r.review_interval_years,
  review_basis: r.review_basis as ReviewBasis | null,
  lease_notes: r.lease_notes,
});

/** Every lease term unrecorded. */
export const NO_LEASE_TERMS: ReturnType<typeof presentLeaseTerms> = {
  security_of_tenure: null,
  break_party: null,
  break_kind: null,
  break_notice_months: null,
  review_interval_years: null,
  review_basis: null,
  lease_notes: null,
};
