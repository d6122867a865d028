import type { TrackedRetailer, TrackedRetailerDetail } from '@frontage/shared';

export const makeRetailer = (overrides: Partial<TrackedRetailer> = {}): TrackedRetailer => ({
  id: 1,
  name: 'Boots',
  core_id: 'core-1',
  categories: [{ id: 2, name: 'Health & Beauty' }],
  is_verified: false,
  verified_at: null,
  stores: 0,
  openings: 0,
  closures: 0,
  store_changed_at: null,
  ...overrides,
});

export const makeRetailerDetail = (
  overrides: Partial<TrackedRetailerDetail> = {},
): TrackedRetailerDetail => ({
  ...makeRetailer(overrides),
  domain: 'boots.com',
  phone: null,
  logo: null,
  ...overrides,
});

/** The basemap and maplibre stand-ins every map test uses (jsdom has no WebGL). */
export const emptyStyle = async (mode: string) => ({
  version: 8,
  name: `offline ${mode}`,
  sources: {},
  layers: [],
});

export { seriousViolations } from './axe';
