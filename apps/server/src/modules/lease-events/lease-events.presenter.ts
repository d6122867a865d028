import type { LeaseEvent } from '@frontage/shared';
import { iso } from '../../lib/dates';
import type { LeaseEventKey, LeaseEventRow } from './lease-events.repository';

/** An event's API id: stable while the lease keeps the event, whatever its date becomes. */
export const leaseEventId = (k: Pick<LeaseEventKey, 'property_id' | 'type' | 'seq'>): string =>
  `${k.property_id}-${k.type}-${k.seq}`;

/** The unit as the lists label it: its number, then its address. */
export const unitLabel = (r: Pick<LeaseEventRow, 'building_num' | 'full_address'>): string =>
  [r.building_num, r.full_address].filter((x) => x && x.trim()).join(', ');

const stampOf = (v: Date | string | null): string | null =>
  v === null ? null : typeof v === 'string' ? iso(new Date(v)) : iso(v);

export const presentLeaseEvent = (r: LeaseEventRow): LeaseEvent => {
  const landlords = (typeof r.landlords === 'string' ? JSON.parse(r.landlords) : r.landlords) as Array<{
    id: number;
    name: string;
  }>;
  return {
    id: leaseEventId(r),
    property_id: r.property_id,
    type: r.type,
    date: r.date,
    hard: r.hard,
    status: r.status,
    status_reason: r.status === 'open' ? null : r.status_reason,
    status_by:
      r.status !== 'open' && r.status_user_id !== null
        ? { id: r.status_user_id, name: r.status_user_name ?? '' }
        : null,
    status_at: r.status === 'open' ? null : stampOf(r.status_at),
    property: {
      id: r.property_id,
      label: unitLabel(r),
      building_num: r.building_num,
      full_address: r.full_address ?? '',
      city: r.city,
      post_code: r.post_code,
      scheme:
        r.scheme_id !== null && r.scheme_name !== null ? { id: r.scheme_id, name: r.scheme_name } : null,
    },
    tenant: r.tenant_id !== null && r.tenant_name !== null ? { id: r.tenant_id, name: r.tenant_name } : null,
    landlords: landlords.map((l) => ({ id: Number(l.id), name: l.name })),
    lease_end_date: r.lease_end_date,
    break_party: r.break_party as LeaseEvent['break_party'],
    security_of_tenure: r.security_of_tenure as LeaseEvent['security_of_tenure'],
  };
};
