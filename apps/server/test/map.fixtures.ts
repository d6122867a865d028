/** Units and schemes placed on the map for the map tests, inserted directly (the triggers run). */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { addresses, properties, propertyParties, schemes } from '../src/db/schema';
import { testDb } from './helpers';

/** The tests' today: the lease events window runs to 2027-06-15. */
export const TODAY = '2026-06-15';
export const NOW = new Date(`${TODAY}T12:00:00Z`);

export const LEEDS = { lat: 53.7965, lng: -1.5447 };
export const LONDON = { lat: 51.5074, lng: -0.1278 };

let n = 0;

type UnitValues = Partial<typeof properties.$inferInsert> & {
  lat?: number | null;
  lng?: number | null;
  city?: string;
  street?: string;
  landlordId?: number;
};

/** A unit at (lat, lng) — Leeds by default — standalone unless scheme_id is given. */
export const buildMapUnit = async (values: UnitValues = {}) => {
  const db = await testDb();
  const { lat = LEEDS.lat, lng = LEEDS.lng, city = 'Leeds', street, landlordId, ...rest } = values;
  n += 1;
  const [address] = await db
    .insert(addresses)
    .values({ street: street ?? `${n} Map Street`, city, post_code: 'LS1 1AA', lat, lng })
    .returning();
  const [row] = await db
    .insert(properties)
    .values({ building_num: `Unit ${n}`, address_id: address!.id, ...rest })
    .returning();
  if (landlordId !== undefined)
    await db
      .insert(propertyParties)
      .values({ property_id: row!.id, role: 'landlord', company_id: landlordId });
  return row!;
};

export const buildMapScheme = async (
  type: 'Shopping centres' | 'Out of town' | 'Leisure',
  at: { lat: number | null; lng: number | null } = LEEDS,
  name = `Scheme ${++n}`,
) => {
  const db = await testDb();
  const [address] = await db
    .insert(addresses)
    .values({ street: `${n} Scheme Road`, city: 'Leeds', lat: at.lat, lng: at.lng })
    .returning();
  const [scheme] = await db.insert(schemes).values({ name, type, address_id: address!.id }).returning();
  return scheme!;
};

/** A small deterministic generator (mulberry32) for scattering points. */
export const prng = (seed: number) => () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Every row of map_grid, in key order (to compare the kept grid with a rebuilt one). */
export const gridRows = async () =>
  queryRows<Record<string, unknown>>(
    await testDb(),
    sql`select level, cx, cy, grp, n, sum_lat_e6::text, sum_lng_e6::text, id_sum::text from map_grid order by level, cx, cy, grp`,
  );

/** The grid as the triggers kept it, and as map_grid_rebuild() derives it from scratch. */
export const keptAndRebuiltGrid = async () => {
  const kept = await gridRows();
  await (await testDb()).execute(sql`select map_grid_rebuild()`);
  return { kept, rebuilt: await gridRows() };
};
