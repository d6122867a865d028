import { type GeocodeCandidate, countryOf } from '@frontage/shared';
import { labelOf, type Geocoder } from './geocoder';

/** The parts of a Nominatim (jsonv2, addressdetails=1) answer we read. */
export interface NominatimPlace {
  lat: string;
  lon: string;
  display_name?: string;
  error?: string;
  address?: Partial<
    Record<
      | 'house_number'
      | 'house_name'
      | 'road'
      | 'pedestrian'
      | 'city'
      | 'town'
      | 'village'
      | 'hamlet'
      | 'suburb'
      | 'county'
      | 'state_district'
      | 'state'
      | 'postcode'
      | 'country'
      | 'country_code',
      string
    >
  >;
}

export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  json: () => Promise<unknown>;
}>;

const TIMEOUT_MS = 5000;
const USER_AGENT = 'Frontage/0.1 (retail property research)';

/** Nominatim's address → our candidate (line1 = number + road; state = county, else the nation). */
export const fromNominatim = (p: NominatimPlace): GeocodeCandidate | null => {
  const a = p.address;
  if (!a || p.error) return null;
  const road = a.road ?? a.pedestrian;
  const line1 = road ? [a.house_number ?? a.house_name, road].filter(Boolean).join(' ') : null;
  const country = (a.country_code && countryOf(a.country_code.toUpperCase())?.name) || a.country || null;
  const c = {
    line1,
    city: a.city ?? a.town ?? a.village ?? a.hamlet ?? a.suburb ?? null,
    state: a.county ?? a.state_district ?? a.state ?? null,
    zip: a.postcode ?? null,
    country,
    lat: Number(p.lat),
    lng: Number(p.lon),
  };
  if (!Number.isFinite(c.lat) || !Number.isFinite(c.lng)) return null;
  return { ...c, label: labelOf(c) || p.display_name || '' };
};

/**
 * The Nominatim adapter (`GEOCODER=nominatim`, `GEOCODER_URL`). Any HTTP failure or timeout
 * throws; the service logs it and answers "no location".
 */
export const nominatimGeocoder = (
  baseUrl: string,
  fetchFn: FetchLike = fetch as unknown as FetchLike,
): Geocoder => {
  const get = async (path: string, params: Record<string, string>): Promise<unknown> => {
    const url = `${baseUrl}${path}?${new URLSearchParams({ format: 'jsonv2', addressdetails: '1', ...params }).toString()}`;
    const res = await fetchFn(url, {
      headers: { 'User-Agent': USER_AGENT, Accept: 'application/json', 'Accept-Language': 'en-GB' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`nominatim answered ${res.status}`);
    return res.json();
  };
  return {
    reverse: async (lat, lng) => {
      const body = (await get('/reverse', {
        lat: String(lat),
        lon: String(lng),
        zoom: '18',
      })) as NominatimPlace;
      const c = fromNominatim(body);
      // The picker works on the clicked point, not the centre of the building found.
      return c ? { ...c, lat, lng } : null;
    },
    search: async (q, limit) => {
      const body = await get('/search', { q, limit: String(limit), countrycodes: 'gb' });
      if (!Array.isArray(body)) throw new Error('nominatim search answered a non-list');
      return (body as NominatimPlace[]).map(fromNominatim).filter((c): c is GeocodeCandidate => !!c);
    },
  };
};
