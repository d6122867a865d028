/** `npm run seed:demo` — wipes the demo tables and seeds them again. */
import { loadConfig } from '../../config';
import { databaseLabel, openConfiguredDb } from '../open';
import { runMigrations } from '../migrate';
import { DEMO_ADMIN, DEMO_AGENT } from './data';
import { seedDemo, wipeDemoData } from './seed';

const main = async () => {
  const config = loadConfig();
  const where = databaseLabel(config);
  console.log(`Seeding demo data into ${where}`);
  const handle = await openConfiguredDb(config, 2);
  try {
    console.log('Applying migrations…');
    await runMigrations(handle);
    console.log('Wiping demo tables…');
    await wipeDemoData(handle.db);
    const started = Date.now();
    const result = await seedDemo(handle.db, {
      scryptCost: config.scryptCost,
      log: (l) => console.log(`  ${l}`),
    });
    console.log(`Done in ${Date.now() - started} ms: ${result.companies} companies, ${result.users} users.`);
    console.log(`  admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    console.log(`  agent: ${DEMO_AGENT.email} / ${DEMO_AGENT.password}`);
  } finally {
    await handle.close();
  }
};

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
