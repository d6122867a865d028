import { and, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likeEscape } from '../../db/like';
import { addresses } from '../../db/schema';

/** The parts of a stored address the offline geocoder answers with. */
const addressCols = {
  street: addresses.street,
  city: addresses.city,
  region: addresses.region,
  post_code: addresses.post_code,
  country: addresses.country,
  lat: addresses.lat,
  lng: addresses.lng,
};

/** The stored address with a street nearest to the point: KNN over the gist index on point(lng, lat). */
export const nearestStoredAddress = async (db: Db, lat: number, lng: number) => {
  const [near] = await db
    .select(addressCols)
    .from(addresses)
    .where(and(isNotNull(addresses.lat), isNotNull(addresses.lng), isNotNull(addresses.street)))
    .orderBy(sql`point(${addresses.lng}, ${addresses.lat}) <-> point(${lng}::float8, ${lat}::float8)`)
    .limit(1);
  return near;
};

/** Placed addresses with a street whose full address holds every term, one per full address, in its order. */
export const addressesMatching = async (db: Db, terms: string[], limit: number) =>
  db
    .selectDistinctOn([addresses.full_address], addressCols)
    .from(addresses)
    .where(
      and(
        isNotNull(addresses.lat),
        isNotNull(addresses.street),
        ...terms.map((w) => sql`${addresses.full_address} ilike ${`%${likeEscape(w)}%`}`),
      ),
    )
    .orderBy(addresses.full_address)
    .limit(limit);
