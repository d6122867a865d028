// Served as static assets (not bundled into JS): JSON parses faster than a module, and only the
// map screens fetch them. Land and borders are GeoJSON that MapLibre fetches and parses in its
// worker (scripts/basemap-land.mjs writes them from Natural Earth's data in `world-atlas`).
import landUrl from './land.json?url';
import bordersUrl from './borders.json?url';
// Towns of the British Isles ranked by population (scripts/basemap-places.mjs writes it).
import placesUrl from './places.json?url';

/*
 * The offline basemap's files and their downloads, apart from the code that reads them: a preload
 * (the drawer's Map entry, the map page opening) downloads them without loading that code and
 * without parsing them on the main thread while the page is still asking for its data.
 */

export const BASEMAP_FILES = { land: landUrl, borders: bordersUrl, places: placesUrl } as const;

const responses = new Map<string, Promise<Response>>();
/** Set once the basemap has been read: later preloads have nothing to do. */
let read = false;

const download = (url: string) => {
  const res = fetch(url);
  res.catch(() => {}); // a failure is reported where the body is read
  responses.set(url, res);
  return res;
};

/**
 * Starts downloading the offline basemap's files, once per page load. The land and the borders
 * are read to their end unparsed, into the HTTP cache, where MapLibre's worker finds them; the
 * place names are kept for {@link fetchBasemapJson}.
 */
export const preloadBasemap = (): void => {
  if (read) return;
  if (!responses.has(placesUrl)) download(placesUrl);
  for (const url of [landUrl, bordersUrl]) {
    if (responses.has(url)) continue;
    void download(url)
      .then((r) => r.arrayBuffer())
      .catch(() => {}); // the worker's own request reports a failure
  }
};

/** One file's JSON, from its preloaded download when there is one. */
export const fetchBasemapJson = async <T>(url: string): Promise<T> => {
  read = true;
  const r = await (responses.get(url) ?? download(url));
  responses.delete(url); // a body is read once
  if (!r.ok) throw new Error(`basemap ${r.status}`);
  return (await r.json()) as T;
};
