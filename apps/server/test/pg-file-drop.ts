import pg from 'pg';

/*
 * The other half of pg-file-database.ts, without its side effect (creating the copy), so that
 * file-scope.ts can import it.
 */
/** Drops this file's copy (file-scope.ts, after its database handle is closed). */
export const dropFileDatabase = async (): Promise<void> => {
  const name = process.env.TEST_FILE_DATABASE;
  const templateUrl = process.env.TEST_DATABASE_TEMPLATE_URL;
  if (!name || !templateUrl) return;
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(templateUrl), { pathname: '/postgres' }).href,
  });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
};
