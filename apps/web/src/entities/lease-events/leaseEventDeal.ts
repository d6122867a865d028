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

/** The unit as a wizard link names it: unit number and address. */
export const leaseEventPlaceName = (p: { building_num: string | null; full_address: string }): string =>
  [p.building_num, p.full_address].filter(Boolean).join(' ');
