import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { multipart } from '../companies.fixtures';
import { testDb } from '../helpers';
import type { MatrixRows, World } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});
/** An import is its creator's (the same-company user here) and every admin's; others get 404. */
const creatorAndAdmins = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: 404,
});

/** An import of one company row by the same-company user, in `status`. */
const importIn = (status: string) => async (w: World) => {
  const db = await testDb();
  const [imp] = await queryRows<{ id: number }>(
    db,
    sql`insert into imports (entity, status, file_name, headers, mapping, rows_total, created_by, applied_at)
        values ('companies', ${status}, 'companies.csv', '["Name"]', '{"name":"Name"}', 1, ${w.sameUser.id}, now())
        returning id`,
  );
  await queryRows(
    db,
    sql`insert into import_rows (import_id, line, raw, parsed, outcome, errors)
        values (${imp!.id}, 2, '["Acme"]', '{"payload":{"name":"Acme","domain":null,"phone":null},"matched":[]}', 'create', '[]')`,
  );
  return { id: imp!.id };
};

export const rows: MatrixRows = {
  'POST /api/imports': {
    url: () => '/api/imports',
    payload: () =>
      multipart(
        [['entity', 'companies']],
        [{ name: 'file', filename: 'companies.csv', type: 'text/csv', data: Buffer.from('Name\nAcme\n') }],
      ),
    expect: signedIn(201),
  },
  'GET /api/imports': { url: () => '/api/imports', expect: signedIn(200) },
  'GET /api/imports/templates': {
    url: () => '/api/imports/templates?entity=companies',
    expect: signedIn(200),
  },
  'GET /api/imports/{id}': {
    setup: importIn('preview'),
    url: (_w, made) => `/api/imports/${made.id}`,
    expect: creatorAndAdmins(200),
  },
  'GET /api/imports/{id}/errors.csv': {
    setup: importIn('preview'),
    url: (_w, made) => `/api/imports/${made.id}/errors.csv`,
    expect: creatorAndAdmins(200),
  },
  'PUT /api/imports/{id}/mapping': {
    setup: importIn('preview'),
    url: (_w, made) => `/api/imports/${made.id}/mapping`,
    body: { mapping: { name: 'Name' } },
    expect: creatorAndAdmins(200),
  },
  // Refused for its state (422) once the actor may see it: the matrix's app runs no job layer.
  'POST /api/imports/{id}/apply': {
    setup: importIn('applied'),
    url: (_w, made) => `/api/imports/${made.id}/apply`,
    body: {},
    expect: creatorAndAdmins(422),
  },
  'POST /api/imports/{id}/revert': {
    setup: importIn('preview'),
    url: (_w, made) => `/api/imports/${made.id}/revert`,
    body: {},
    expect: creatorAndAdmins(422),
  },
};
