/**
 * npm run db:derived-sql -w @frontage/server [-- --all] [-- --check]
 *
 * Migrates a throwaway in-memory database and prints, as the statements of a migration, what makes
 * it hold the derived layer as declared in db/derived/: every view, function and trigger that is
 * missing or differs (with --all: every one). Paste the output into the next migration
 * (docs/derived-data.md). --check prints nothing but the differences and exits 1 if there are any.
 */
import { createDb } from '../client';
import { runMigrations } from '../migrate';
import { declarationStatements, derivedDrift } from './drift';

const BREAK = '\n--> statement-breakpoint\n';

const main = async () => {
  const all = process.argv.includes('--all');
  const check = process.argv.includes('--check');
  const handle = await createDb({});
  try {
    await runMigrations(handle);
    const drift = await derivedDrift(handle.db);
    if (check) {
      for (const d of drift) process.stdout.write(`${d.problem} ${d.kind} ${d.name}\n`);
      process.exitCode = drift.length ? 1 : 0;
      return;
    }
    const wanted = new Set(drift.map((d) => `${d.kind} ${d.name}`));
    const statements: string[] = [];
    for (const d of declarationStatements()) {
      if (!all && !wanted.has(`${d.kind} ${d.name}`)) continue;
      const refused = drift.find((x) => x.kind === d.kind && x.name === d.name && x.drop);
      if (refused?.drop) statements.push(`-- ${refused.declared}\n${refused.drop}`);
      statements.push(...d.sql);
    }
    for (const d of drift.filter((x) => x.problem === 'undeclared'))
      statements.push(
        `-- ${d.kind} ${d.name} is in the database but declared nowhere: declare it in db/derived/ or drop it`,
      );
    process.stdout.write(
      statements.length ? `${statements.join(BREAK)}\n` : '-- the database is as declared\n',
    );
  } finally {
    await handle.close();
  }
};

await main();
