import type { DatasetStep } from './index';

/**
 * The map's grid (migration 0016, ADR 0054) is kept by triggers, which the bulk COPY steps skip.
 * match_units_rebuild() (the match-units step) fills match_units' map columns (tenant, group,
 * Web-Mercator position, rent per sq ft) and derives the grid once; deriving it again here makes
 * the step whole on its own, e.g. on a database whose match-units step ran before migration 0016.
 */
export const mapGridStep: DatasetStep = {
  name: 'map-grid',
  run: async (client, progress) => {
    const placed = await client.query<{ n: string }>(
      'select count(*) as n from match_units where mx is null and lat is not null and lng is not null',
    );
    // Rows written before 0016's columns existed (a bench database migrated from 0015 by hand).
    if (Number(placed.rows[0]!.n) > 0) await client.query('select match_units_rebuild()');
    await client.query('select map_grid_rebuild()');
    await client.query('analyze match_units');
    await client.query('analyze map_grid');
    const n = Number((await client.query<{ n: string }>('select count(*) as n from map_grid')).rows[0]!.n);
    progress(n, n);
    return n;
  },
};
