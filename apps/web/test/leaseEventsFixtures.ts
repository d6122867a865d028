import type { LeaseEvent } from '@frontage/shared';

/** A lease event as GET /api/lease-events answers it (unit 12, Boots, landlord Landsec). */
export const leaseEvent = (extra: Partial<LeaseEvent> = {}): LeaseEvent => {
  const type = extra.type ?? 'break_notice_deadline';
  return {
    id: `${extra.property_id ?? 12}-${type}-0`,
    property_id: 12,
    type,
    date: '2027-01-31',
    hard: true,
    status: 'open',
    status_reason: null,
    status_by: null,
    status_at: null,
    property: {
      id: 12,
      label: 'Unit 9, Park Lane, Portsmouth',
      building_num: 'Unit 9',
      full_address: 'Park Lane, Portsmouth, PO1 3LP',
      city: 'Portsmouth',
      post_code: 'PO1 3LP',
      scheme: { id: 5, name: 'Abbey Retail Park' },
    },
    tenant: { id: 10, name: 'Boots' },
    landlords: [
      { id: 9, name: 'Landsec' },
      { id: 8, name: 'British Land' },
    ],
    lease_end_date: '2030-07-31',
    break_party: 'tenant',
    security_of_tenure: 'inside_act',
    ...extra,
  };
};

/** A page of events with the total the pager counts. */
export const leaseEventPage = (rows: LeaseEvent[], total = rows.length, perPage = 25, current = 1) => ({
  data: rows,
  meta: {
    pagination: {
      total,
      count: rows.length,
      per_page: perPage,
      current_page: current,
      total_pages: Math.ceil(total / perPage),
    },
  },
});
