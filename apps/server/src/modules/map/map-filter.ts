import {
  MAP_GROUPS,
  PORTFOLIO_ROLES,
  type Bbox,
  type LngLatPair,
  type MapFiltersParsed,
  type PortfolioRole,
} from '@frontage/shared';

/**
 * The map's filters resolved (ADR 0054): the marker groups by index (null = all four), the unit
 * filters, the scheme, and today in the UK for the lease events window.
 */
export interface MapFilter {
  /** Indexes in MAP_GROUPS; null = every group (no condition); [] = none. */
  groups: number[] | null;
  schemeId: number | null;
  tenantId: number | null;
  landlordId: number | null;
  /** A company's portfolio: its units in any of `companyRoles` (never empty; every role when none asked). */
  companyId: number | null;
  companyRoles: readonly PortfolioRole[];
  vacant: boolean;
  leaseEvent: boolean;
  leaseEndFrom: string | null;
  leaseEndTo: string | null;
  rentSqftMin: number | null;
  rentSqftMax: number | null;
  areaMin: number | null;
  areaMax: number | null;
  /** yyyy-mm-dd, Europe/London: the lease events window is today … today + 12 months. */
  today: string;
}

/**
 * The filters' parsed query as a MapFilter. `vacant` and `lease_event` are "only …" switches:
 * false (or absent) applies no condition.
 */
export const mapFilterOf = (q: MapFiltersParsed, today: string): MapFilter => {
  const groups =
    q.groups === undefined ? null : [...new Set(q.groups.map((g) => MAP_GROUPS.indexOf(g)))].sort();
  return {
    groups: groups && groups.length === MAP_GROUPS.length ? null : groups,
    schemeId: q.scheme_id ?? null,
    tenantId: q.tenant_id ?? null,
    landlordId: q.landlord_id ?? null,
    companyId: q.company_id ?? null,
    companyRoles: q.company_role?.length
      ? PORTFOLIO_ROLES.filter((r) => q.company_role!.includes(r))
      : PORTFOLIO_ROLES,
    vacant: q.vacant === true,
    leaseEvent: q.lease_event === true,
    leaseEndFrom: q.lease_end_from ?? null,
    leaseEndTo: q.lease_end_to ?? null,
    rentSqftMin: q.rent_sqft_min ?? null,
    rentSqftMax: q.rent_sqft_max ?? null,
    areaMin: q.area_min ?? null,
    areaMax: q.area_max ?? null,
    today,
  };
};

/** A filter only units answer (schemes are left out of the map while one is on). */
export const hasUnitFilter = (f: MapFilter): boolean =>
  f.tenantId !== null ||
  f.landlordId !== null ||
  f.companyId !== null ||
  f.vacant ||
  f.leaseEvent ||
  f.leaseEndFrom !== null ||
  f.leaseEndTo !== null ||
  f.rentSqftMin !== null ||
  f.rentSqftMax !== null ||
  f.areaMin !== null ||
  f.areaMax !== null;

/** Anything beyond the groups: the grid cannot answer it. */
export const hasFilter = (f: MapFilter): boolean => f.schemeId !== null || hasUnitFilter(f);

/** Where a list or an export looks: a bbox, a polygon (lng,lat vertices) or a circle. */
export type MapArea =
  | { kind: 'bbox'; bbox: Bbox }
  | { kind: 'polygon'; points: readonly LngLatPair[] }
  | { kind: 'circle'; center: LngLatPair; radiusM: number };

const METRES_PER_DEGREE_LAT = 111_320;

/** The lng/lat box around an area (a circle's is a little wider than the circle). */
export const areaBounds = (area: MapArea): Bbox => {
  if (area.kind === 'bbox') return area.bbox;
  if (area.kind === 'polygon') {
    const lngs = area.points.map((p) => p[0]);
    const lats = area.points.map((p) => p[1]);
    return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
  }
  const [lng, lat] = area.center;
  const dLat = area.radiusM / METRES_PER_DEGREE_LAT;
  const dLng = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
};
