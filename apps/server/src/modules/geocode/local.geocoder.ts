import type { GeocodeCandidate } from '@frontage/shared';
import { and, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema';
import { likeEscape } from '../../db/like';
import { searchTerms } from '../properties/properties.repository';
import { labelOf, type Geocoder } from './geocoder';
import { distanceKm, townIndex, type TownIndex } from './towns';

/** A click within this distance of a stored address answers that address (street, post code). */
export const NEAR_ADDRESS_KM = 0.15;
/** Else the nearest town within this distance answers (town, county, country; no street). */
export const NEAR_TOWN_KM = 15;

const candidate = (c: Omit<GeocodeCandidate, 'label'>): GeocodeCandidate => ({ ...c, label: labelOf(c) });

const addressCols = {
  street: addresses.street,
  city: addresses.city,
  region: addresses.region,
  post_code: addresses.post_code,
  country: addresses.country,
  lat: addresses.lat,
  lng: addresses.lng,
};

/**
 * The offline geocoder: stored addresses first (the point index answers the nearest one), then
 * GeoNames towns of the British Isles. Anything else (sea, abroad) is null.
 */
export const localGeocoder = (db: Db, towns: () => TownIndex = townIndex): Geocoder => ({
  reverse: async (lat, lng) => {
    const [near] = await db
      .select(addressCols)
      .from(addresses)
      .where(and(isNotNull(addresses.lat), isNotNull(addresses.lng), isNotNull(addresses.street)))
      // KNN over the gist index on point(lng, lat).
      .orderBy(sql`point(${addresses.lng}, ${addresses.lat}) <-> point(${lng}::float8, ${lat}::float8)`)
      .limit(1);
    if (
      near &&
      near.lat !== null &&
      near.lng !== null &&
      distanceKm(lat, lng, near.lat, near.lng) <= NEAR_ADDRESS_KM
    ) {
      return candidate({
        line1: near.street,
        city: near.city,
        state: near.region,
        zip: near.post_code,
        country: near.country,
        lat,
        lng,
      });
    }
    const town = towns().nearest(lat, lng, NEAR_TOWN_KM);
    if (!town) return null;
    return candidate({
      line1: null,
      city: town.town.name,
      state: town.town.region,
      zip: null,
      country: town.town.country,
      lat,
      lng,
    });
  },

  search: async (q, limit) => {
    const terms = searchTerms(q);
    if (!terms.length) return [];
    const rows = await db
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
    const out = rows.map((r) =>
      candidate({
        line1: r.street,
        city: r.city,
        state: r.region,
        zip: r.post_code,
        country: r.country,
        lat: r.lat!,
        lng: r.lng!,
      }),
    );
    if (out.length < limit) {
      for (const t of towns().search(q, limit - out.length)) {
        out.push(
          candidate({
            line1: null,
            city: t.name,
            state: t.region,
            zip: null,
            country: t.country,
            lat: t.lat,
            lng: t.lng,
          }),
        );
      }
    }
    return out;
  },
});
