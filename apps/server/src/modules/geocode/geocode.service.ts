import type { GeocodeCandidate } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import type { Geocoder } from './geocoder';
import { localGeocoder } from './local.geocoder';
import { nominatimGeocoder } from './nominatim.geocoder';

export interface GeocodeLog {
  warn: (obj: object, msg: string) => void;
}

/** The configured provider (GEOCODER); tests may pass their own. */
export const geocoderFor = (deps: ServiceDeps): Geocoder =>
  deps.config.geocoder === 'nominatim' ? nominatimGeocoder(deps.config.geocoderUrl) : localGeocoder(deps.db);

/**
 * The address at a point. A provider failure is logged and answered as null — the picker shows
 * 'Invalid Location' (spec B §8: geocoder failures are logged only), never an error.
 */
export const reverse = async (
  geocoder: Geocoder,
  log: GeocodeLog,
  lat: number,
  lng: number,
): Promise<GeocodeCandidate | null> => {
  try {
    return await geocoder.reverse(lat, lng);
  } catch (err) {
    log.warn({ err, lat, lng }, 'reverse geocoding failed');
    return null;
  }
};

/** Places matching a text; a provider failure is logged and answered as an empty list. */
export const search = async (
  geocoder: Geocoder,
  log: GeocodeLog,
  q: string,
  limit: number,
): Promise<GeocodeCandidate[]> => {
  try {
    return await geocoder.search(q, limit);
  } catch (err) {
    log.warn({ err, q }, 'place search failed');
    return [];
  }
};
