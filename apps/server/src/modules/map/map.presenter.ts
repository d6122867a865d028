import {
  MAP_GROUPS,
  mapSearchAreaSchema,
  type MapCluster,
  type MapPoint,
  type MapSearch,
} from '@frontage/shared';
import { toIso } from '../../lib/dates';
import type { MapSearchRow } from './map-searches.repository';
import type { PointRow } from './map-points.repository';
import type { ClusterRow } from './map.repository';

/** A marker: count 1 names its property (+id) or scheme (−id). */
export const presentCluster = (r: ClusterRow): MapCluster => {
  const cluster: MapCluster = { lat: r.lat, lng: r.lng, count: r.n, groups: [r.g0, r.g1, r.g2, r.g3] };
  if (r.n !== 1) return cluster;
  return { ...cluster, kind: r.sid > 0 ? 'property' : 'scheme', id: Math.abs(r.sid) };
};

/** Points in view per group (MAP_GROUPS order). */
export const totalsOf = (clusters: readonly MapCluster[]): number[] =>
  MAP_GROUPS.map((_, i) => clusters.reduce((n, c) => n + c.groups[i]!, 0));

export const presentPoint = (r: PointRow): MapPoint => ({
  kind: r.sid > 0 ? 'property' : 'scheme',
  id: Math.abs(r.sid),
  group: MAP_GROUPS[r.grp] ?? 'shops',
  name: r.name,
  full_address: r.full_address,
  town: r.town,
  scheme: r.scheme_id === null ? null : { id: r.scheme_id, name: r.scheme_name ?? '' },
  tenant:
    r.tenant_id === null
      ? null
      : { id: r.tenant_id, name: r.tenant_name ?? '', is_verified: r.tenant_verified === true },
  vacant: r.vacant,
  rent_pa: r.rent_pa,
  currency: r.sid > 0 ? r.currency : null,
  rent_sqft: r.rent_sqft,
  area: r.area,
  lease_end_date: r.lease_end_date,
  break_date: r.break_date,
  lat: r.lat,
  lng: r.lng,
});

export const presentSearch = (r: MapSearchRow): MapSearch => ({
  id: r.id,
  name: r.name,
  area: mapSearchAreaSchema.parse(r.area),
  filters: r.filters,
  created_at: toIso(r.created_at),
});
