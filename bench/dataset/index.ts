/**
 * The large benchmark dataset, generated into the bench database with COPY. Each step is run once
 * per database (recorded in `bench_dataset`), after the server has migrated and seeded the demo,
 * so a second `npm run bench` starts at once. `BENCH_REGENERATE=1` empties the record and runs
 * every step again.
 */
import pg from 'pg';
import { companiesStep, contactsStep } from './companies';
import { dealsStep } from './deals';
import { enquiriesStep } from './enquiries';
import { leaseEventsStep } from './lease-events';
import { mapGridStep } from './map-grid';
import { matchUnitsStep } from './match-units';
import { propertiesStep } from './properties';
import { trackedRetailersStep, verificationQueueStep } from './tracked-retailers';

export interface DatasetStep {
  /** Stable name recorded in bench_dataset; change it to force the step to run again. */
  name: string;
  /** Inserts the rows; `progress(done, total)` prints a progress line. Returns the rows written. */
  run: (client: pg.Client, progress: (done: number, total: number) => void) => Promise<number>;
}

/**
 * Domains append their steps here, in dependency order (companies before properties before deals).
 * A step added later runs alone on a database that already holds the others.
 */
export const DATASET_STEPS: DatasetStep[] = [
  companiesStep,
  contactsStep,
  propertiesStep,
  dealsStep,
  enquiriesStep,
  trackedRetailersStep,
  verificationQueueStep,
  // After every step that writes properties or addresses.
  matchUnitsStep,
  // After match-units: the map's grid over its units and the schemes.
  mapGridStep,
  // Last: it writes the units' lease terms, then rebuilds match_units (and the grid) and the events.
  leaseEventsStep,
];

export async function ensureDataset(databaseUrl: string): Promise<void> {
  if (!DATASET_STEPS.length) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'create table if not exists bench_dataset (step text primary key, rows integer not null, at timestamptz not null default now())',
    );
    if (process.env.BENCH_REGENERATE === '1') await client.query('truncate bench_dataset');
    for (const step of DATASET_STEPS) {
      const done = await client.query('select rows from bench_dataset where step = $1', [step.name]);
      if (done.rowCount) continue;
      const t0 = Date.now();
      let last = 0;
      const progress = (n: number, total: number) => {
        const now = Date.now();
        if (now - last < 1000 && n < total) return;
        last = now;
        process.stdout.write(
          `  ${step.name}: ${n.toLocaleString('en-GB')} / ${total.toLocaleString('en-GB')} (${Math.round((100 * n) / total)}%)\n`,
        );
      };
      process.stdout.write(`Generating ${step.name} …\n`);
      const rows = await step.run(client, progress);
      await client.query('insert into bench_dataset (step, rows) values ($1, $2)', [step.name, rows]);
      process.stdout.write(
        `  ${step.name}: ${rows.toLocaleString('en-GB')} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
      );
    }
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
