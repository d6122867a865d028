import { isSelectableAddress, type GeocodeCandidate } from '@frontage/shared';
import { http } from '../../lib/http';

export type { GeocodeCandidate };

/** What the address picker and the autofill box hand back: the address object of spec B §3. */
export interface PickedAddress {
  street: string;
  city: string;
  region: string;
  post_code: string;
  country: string;
  latitude: number;
  longitude: number;
}

/** Spec B §2: an address can be selected only when it has line1, city, state and zip. */
export const isCompleteCandidate = (
  c: GeocodeCandidate | null,
): c is GeocodeCandidate & {
  line1: string;
  city: string;
  state: string;
  zip: string;
} => isSelectableAddress(c);

export const toPickedAddress = (c: GeocodeCandidate, fallbackCountry: string): PickedAddress => ({
  street: c.line1?.trim() ?? '',
  city: c.city?.trim() ?? '',
  region: c.state?.trim() ?? '',
  post_code: c.zip?.trim() ?? '',
  country: c.country?.trim() || fallbackCountry,
  latitude: c.lat,
  longitude: c.lng,
});

/** Failures are logged and answered as "no address" (spec B §8: geocoder failures are logged only). */
export async function reverseGeocode(
  lat: number,
  lng: number,
  signal?: AbortSignal,
): Promise<GeocodeCandidate | null> {
  try {
    const res = await http.get<{ data: GeocodeCandidate | null }>('/geocode/reverse', {
      query: { lat: lat.toFixed(7), lng: lng.toFixed(7) },
      quiet: true,
      signal,
    });
    return res.data;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    console.warn('reverse geocoding failed', err);
    return null;
  }
}

export async function searchPlaces(q: string, signal?: AbortSignal): Promise<GeocodeCandidate[]> {
  try {
    const res = await http.get<{ data: GeocodeCandidate[] }>('/geocode/search', {
      query: { q },
      quiet: true,
      signal,
    });
    return res.data;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    console.warn('place search failed', err);
    return [];
  }
}
