import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { testDb } from '../helpers';
import type { Made, MatrixRows, World } from './types';

/** The work list is every signed-in user's, as the properties list is (ADR 0087). */
const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** A unit of company A's let to company B, with a soft event (a rent review) and a hard one (its expiry). */
const letUnit = async (w: World): Promise<Made> => {
  const db = await testDb();
  const [address] = await queryRows<{ id: number }>(
    db,
    sql`insert into addresses (street, city) values ('Briggate', 'Leeds') returning id`,
  );
  const [unit] = await queryRows<{ id: number }>(
    db,
    sql`insert into properties (address_id, tenant_id, currency, area_size_type, lease_end_date, next_review_date, created_by)
        values (${address!.id}, ${w.companyB.id}, 'GBP', 'sqft', '2031-06-24', '2027-06-24', ${w.sameUser.id}) returning id`,
  );
  return { review: `${unit!.id}-rent_review-0`, expiry: `${unit!.id}-lease_expiry-0` };
};

export const rows: MatrixRows = {
  'GET /api/lease-events': {
    setup: letUnit,
    url: () => '/api/lease-events?from=2027-01-01&to=2031-12-31&type=rent_review,lease_expiry',
    expect: signedIn(200),
  },
  'GET /api/lease-events/export': {
    setup: letUnit,
    url: () => '/api/lease-events/export?from=2027-01-01&to=2031-12-31&format=csv',
    expect: signedIn(200),
  },
  'POST /api/lease-events/{id}/done': {
    setup: letUnit,
    url: (_w, made) => `/api/lease-events/${made.review}/done`,
    body: { reason: 'Agreed' },
    expect: signedIn(200),
  },
  'POST /api/lease-events/{id}/dismiss': {
    setup: letUnit,
    url: (_w, made) => `/api/lease-events/${made.expiry}/dismiss`,
    body: { reason: 'Tenant renewing' },
    expect: signedIn(200),
  },
  'DELETE /api/lease-events/{id}/action': {
    setup: letUnit,
    url: (_w, made) => `/api/lease-events/${made.review}/action`,
    expect: signedIn(200),
  },
};
