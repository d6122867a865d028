/**
 * A stand-in for the offline basemap in jsdom: empty styles named after their palette, no data
 * fetched. Use with `vi.mock('../src/components/map/basemap', () => import('./fakeBasemap'))`.
 */
const style = (name: string) => ({ version: 8, name, sources: {}, layers: [] });

export const buildOfflineStyle = async (mode: string) => style(`offline ${mode}`);
export const seaStyle = (mode: string) => {
  return style(`sea ${mode}`);
};
