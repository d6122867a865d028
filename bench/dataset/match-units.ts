import type { DatasetStep } from './index';

/**
 * match_units (migration 0015, ADR 0053) is kept by triggers, which the bulk COPY of the properties
 * step skips: derive it again from the properties and addresses once they are loaded.
 */
export const matchUnitsStep: DatasetStep = {
  name: 'match-units',
  run: async (client, progress) => {
    await client.query('select match_units_rebuild()');
    await client.query('analyze match_units');
    const n = Number((await client.query<{ n: string }>('select count(*) as n from match_units')).rows[0]!.n);
    progress(n, n);
    return n;
  },
};
