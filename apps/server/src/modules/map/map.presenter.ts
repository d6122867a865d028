import { MAP_GROUPS, type MapCluster } from '@frontage/shared';
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
