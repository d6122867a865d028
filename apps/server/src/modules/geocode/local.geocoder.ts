import type { GeocodeCandidate } from '@frontage/shared';
import type { Db } from '../../db/client';
import { searchTerms } from '../search/words';
import { addressesMatching, nearestStoredAddress } from './geocode.repository';
import { labelOf, type Geocoder } from './geocoder';
import { distanceKm, townIndex, type TownIndex } from './towns';

/** A click within this distance of a stored address answers that address (street, post code). */
export const NEAR_ADDRESS_KM = 0.15;
/** Else the nearest town within this distance answers (town, county, country; no street). */
export const NEAR_TOWN_KM = 15;

const candidate = (c: Omit<GeocodeCandidate, 'label'>): GeocodeCandidate => ({ ...c, label: labelOf(c) });

/**
 * The offline geocoder: stored addresses first (the point index answers the nearest one), then
 * GeoNames towns of the British Isles. Anything else (sea, abroad) is null.
 */
export const localGeocoder = (db: Db, towns: () => TownIndex = townIndex): Geocoder => ({
  reverse: async (lat, lng) => {
    const near = await nearestStoredAddress(db, lat, lng);
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
    const rows = await addressesMatching(db, terms, limit);
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
