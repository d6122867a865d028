/**
 * `npm run user:create -- --email a@b.com --name "Sam Jones" --password "…" [--admin] [--company "Name"] [--temp]`
 * Creates a user who can sign in, in the database the server uses (DATABASE_URL or PGlite in DATA_DIR).
 * `npm run user:create -- --integration --name "Accounts sync" [--admin]` creates an integration
 * account instead: no e-mail or password; an admin makes API tokens for it (ADR 0097).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDb } from '../db/open';
import { runMigrations } from '../db/migrate';
import { ValidationError } from '../lib/errors';
import { createAccount, createIntegrationAccount } from '../modules/auth/account.service';

const USAGE =
  'Usage: npm run user:create -- --email <email> --name <name> --password <password> [--admin] [--company "Name"] [--temp]\n' +
  '       npm run user:create -- --integration --name <name> [--admin]';

const main = async () => {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
      temp: { type: 'boolean', default: false },
      integration: { type: 'boolean', default: false },
      company: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const complete = values.integration ? !!values.name : !!(values.email && values.name && values.password);
  if (values.help || !complete) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const config = loadConfig();
  const handle = await openConfiguredDb(config, 2);
  try {
    await runMigrations(handle);
    const deps = { db: handle.db, config, now: () => new Date() };
    if (values.integration) {
      const account = await createIntegrationAccount(deps, { name: values.name!, admin: values.admin });
      console.log(`Created integration account #${account.id} ${account.name}.`);
      return;
    }
    const user = await createAccount(deps, {
      email: values.email!,
      name: values.name!,
      password: values.password!,
      admin: values.admin,
      temp: values.temp,
      company: values.company,
    });
    console.log(
      `Created ${user.type} #${user.id} ${user.name} <${user.email}>${user.company ? ` at ${user.company.name}` : ''}.`,
    );
  } catch (err) {
    if (err instanceof ValidationError) {
      for (const [field, messages] of Object.entries(err.errors))
        console.error(`${field}: ${messages.join(', ')}`);
      process.exitCode = 1;
      return;
    }
    throw err;
  } finally {
    await handle.close();
  }
};

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
