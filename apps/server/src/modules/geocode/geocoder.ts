import type { GeocodeCandidate } from '@frontage/shared';

/** A geocoding provider (spec B §2: reverse for the map picker, search for the autofill box). */
export interface Geocoder {
  /** The address at a point, or null (sea, abroad, nothing near). Throws on provider failure. */
  reverse: (lat: number, lng: number) => Promise<GeocodeCandidate | null>;
  /** Places matching a text, best first. Throws on provider failure. */
  search: (q: string, limit: number) => Promise<GeocodeCandidate[]>;
}

/** A one-line label from the parts that exist: "12 High Street, Leeds, West Yorkshire, LS1 1AA". */
export const labelOf = (c: Omit<GeocodeCandidate, 'label'>): string =>
  [c.line1, c.city, c.state, c.zip].filter((p) => p && p.trim()).join(', ') || c.country || '';
