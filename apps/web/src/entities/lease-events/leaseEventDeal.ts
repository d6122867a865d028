import type { DealType, LeaseEventType } from '@frontage/shared';

/**
 * The deal wizard Create Deal opens from an event (ADR 0088): a review is a Rent Review; every
 * other event — the expiry, a break or its notice, the 1954 Act windows, the re-gear prompt,
 * holding over — is the lease's end coming into play, worked as a Lease Renewal/Re-gear. (A
 * vacant unit, which a New Letting would serve, has no events.)
 */
export const LEASE_EVENT_DEAL_TYPES: Record<LeaseEventType, DealType> = {
  lease_expiry: 'lease_renewal',
  break_date: 'lease_renewal',
  break_notice_deadline: 'lease_renewal',
  s25_window_opens: 'lease_renewal',
  s25_window_closes: 'lease_renewal',
  s26_window_opens: 'lease_renewal',
  s26_window_closes: 'lease_renewal',
  s27_deadline: 'lease_renewal',
  rent_review: 'rent_review',
  regear_prompt: 'lease_renewal',
  holding_over: 'lease_renewal',
};

/**
 * The events at which the tenant may leave, so the unit may come back to the market: beside the
 * renewal they also offer a New Letting on the unit (ADR 0088, amended) — the expiry, a break or
 * its notice deadline, the landlord's s25 notice window (a notice opposing renewal), the tenant's
 * s27 deadline (its notice that it will go) and holding over. A review, the re-gear prompt and
 * the tenant's s26 request (for a new tenancy) keep the tenant, so they offer no letting.
 */
export const LEASE_EVENT_RELETS: ReadonlySet<LeaseEventType> = new Set<LeaseEventType>([
  'lease_expiry',
  'break_date',
  'break_notice_deadline',
  's25_window_opens',
  's25_window_closes',
  's27_deadline',
  'holding_over',
]);

/** The unit as a wizard link names it: unit number and address. */
export const leaseEventPlaceName = (p: { building_num: string | null; full_address: string }): string =>
  [p.building_num, p.full_address].filter(Boolean).join(' ');
