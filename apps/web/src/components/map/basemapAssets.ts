// Served as static assets (not bundled into JS): JSON parses faster than a module, and only the
// map screens fetch them.
import worldUrl from 'world-atlas/countries-50m.json?url';
import detailUrl from 'world-atlas/land-10m.json?url';
// Towns of the British Isles ranked by population (scripts/basemap-places.mjs writes it).
import placesUrl from './places.json?url';

/*
 * The offline basemap's files and their downloads, apart from the code that reads them: a preload
 * (the drawer's Map entry, the map page opening) downloads them without loading that code, and
 * without parsing 3 MB of JSON on the main thread while the page is still asking for its data.
 */

export const BASEMAP_FILES = { world: worldUrl, detail: detailUrl, places: placesUrl } as const;

const responses = new Map<string, Promise<Response>>();
/** Set once the basemap has been read: later preloads have nothing to do. */
let read = false;

const download = (url: string) => {
  const res = fetch(url);
  res.catch(() => {}); // a failure is reported where the body is read
  responses.set(url, res);
  return res;
};

/** Starts downloading the offline basemap's files, once per page load. */
export const preloadBasemap = (): void => {
  if (read) return;
  for (const url of Object.values(BASEMAP_FILES)) if (!responses.has(url)) download(url);
};

/** One file's JSON, from its preloaded download when there is one. */
export const fetchBasemapJson = async <T>(url: string): Promise<T> => {
  read = true;
  const r = await (responses.get(url) ?? download(url));
  responses.delete(url); // a body is read once
  if (!r.ok) throw new Error(`basemap ${r.status}`);
  return (await r.json()) as T;
};
