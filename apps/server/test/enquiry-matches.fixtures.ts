/** Places, units and enquiries for the matching tests, inserted directly. */
import { addresses, enquiries, properties, schemes } from '../src/db/schema';
import { testDb } from './helpers';

/** Leeds city centre; the other places are measured from here. */
export const LEEDS = { lat: 53.7965, lng: -1.5447 };
/** Degrees of latitude per mile (north of LEEDS by n miles = lat + n * MILE). */
export const MILE = 1 / 69.05;

/** The tests' today: the availability window runs to 2027-06-15. */
export const TODAY = '2026-06-15';
export const NOW = new Date(`${TODAY}T12:00:00Z`);

let n = 0;

type PropertyValues = Partial<typeof properties.$inferInsert> & {
  city?: string;
  street?: string;
  /** Miles north of LEEDS (default: a few hundred yards). */
  north?: number;
  noPosition?: boolean;
};

export const buildUnit = async (values: PropertyValues = {}) => {
  const db = await testDb();
  const { city = 'Leeds', street, north, noPosition, ...rest } = values;
  n += 1;
  const [address] = await db
    .insert(addresses)
    .values({
      street: street ?? `${n} High Street`,
      city,
      post_code: 'LS1 1AA',
      lat: noPosition ? null : LEEDS.lat + (north ?? 0.1) * MILE,
      lng: noPosition ? null : LEEDS.lng,
    })
    .returning();
  const [row] = await db
    .insert(properties)
    .values({ building_num: `Unit ${n}`, address_id: address!.id, ...rest })
    .returning();
  return row!;
};

export const buildMatchScheme = async (name = 'Trinity Leeds') => {
  const db = await testDb();
  const [address] = await db
    .insert(addresses)
    .values({ street: 'Albion Street', city: 'Leeds', lat: LEEDS.lat, lng: LEEDS.lng })
    .returning();
  const [scheme] = await db
    .insert(schemes)
    .values({ name, type: 'Shopping centres', address_id: address!.id })
    .returning();
  return scheme!;
};

export const buildMatchEnquiry = async (values: Partial<typeof enquiries.$inferInsert>) => {
  const db = await testDb();
  const [row] = await db
    .insert(enquiries)
    .values({ received_at: '2026-05-01', stage: 'interest', ...values })
    .returning();
  return row!;
};
