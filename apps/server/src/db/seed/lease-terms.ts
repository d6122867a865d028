import type { BreakKind, BreakParty, ReviewBasis, SecurityOfTenure } from '@frontage/shared';

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A let demo unit's lease as places.ts planned it. */
export interface PlannedLease {
  start: Date;
  end: Date;
  nextReview: Date | null;
  breakDate: Date | null;
}

export interface SeedLeaseTerms {
  lease_end_date: string;
  next_review_date: string | null;
  break_date: string | null;
  security_of_tenure: SecurityOfTenure | null;
  break_party: BreakParty | null;
  break_kind: BreakKind | null;
  break_notice_months: number | null;
  review_interval_years: number | null;
  review_basis: ReviewBasis | null;
}

const TENURES: Array<SecurityOfTenure | null> = [
  'inside_act',
  'inside_act',
  'contracted_out',
  'inside_act',
  null,
  'contracted_out',
  'inside_act',
];
const PARTIES: BreakParty[] = ['tenant', 'tenant', 'mutual', 'tenant', 'landlord'];
const NOTICES = [6, 3, 12, 6, 6, 0];
const BASES: ReviewBasis[] = [
  'open_market_upward_only',
  'open_market_upward_only',
  'index_linked_collared',
  'open_market',
  'fixed',
  'turnover',
];

/**
 * The lease terms of the `i`-th let demo unit (ADR 0087), worked out from its index alone (the
 * seed's random stream is left as it was): a mix of tenures, breaks with 0–12 months' notice (a
 * few rolling), reviews every 5 years. So that the work list shows real cases on the day the seed
 * runs, every 12th lease ends 3 to 15 months from `now` (its s25/s26/s27 dates and expiry fall in
 * the coming months), every 17th has a break 2 to 9 months away, and every 45th ended 1 to 8
 * months ago with the tenant still in place (holding over).
 */
export const seedLeaseTerms = (i: number, lease: PlannedLease, now: Date): SeedLeaseTerms => {
  let { end, nextReview, breakDate } = lease;
  if (i % 45 === 11) end = new Date(now.getTime() - (30 + (i % 7) * 30) * DAY);
  else if (i % 12 === 5) end = new Date(now.getTime() + (90 + (i % 13) * 28) * DAY);
  if (i % 17 === 3) breakDate = new Date(now.getTime() + (60 + (i % 8) * 25) * DAY);
  if (breakDate && breakDate > end) breakDate = null;
  if (nextReview && nextReview >= end) nextReview = null;
  const hasBreak = breakDate !== null;
  return {
    lease_end_date: iso(end),
    next_review_date: nextReview ? iso(nextReview) : null,
    break_date: breakDate ? iso(breakDate) : null,
    security_of_tenure: TENURES[i % TENURES.length]!,
    break_party: hasBreak ? PARTIES[i % PARTIES.length]! : null,
    break_kind: hasBreak ? (i % 9 === 0 ? 'rolling' : 'fixed') : null,
    break_notice_months: hasBreak ? NOTICES[i % NOTICES.length]! : null,
    review_interval_years: nextReview || i % 3 === 0 ? 5 : null,
    review_basis: nextReview || i % 3 === 0 ? BASES[i % BASES.length]! : null,
  };
};
