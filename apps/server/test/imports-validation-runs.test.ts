/**
 * An import's validation runs (ADR 0103, ADR 0115), driven one by one: a run started again goes
 * on after its last committed batch, two runs at once write each batch once, and a run started
 * while the upload still stages rows (a re-map sent during the upload queues one) stops when it
 * catches up, the preview waiting for the whole file; a re-map while the first run is queued
 * validates with the new mapping. No app here works the import queue, so only the runs a test
 * starts check rows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { runValidate } from '../src/modules/imports/import.validate';
import { XHR } from './helpers';
import { buildImportApp, importWorld, upload, waitForStatus } from './imports.fixtures';

let idle: Awaited<ReturnType<typeof buildImportApp>>;
let w: Awaited<ReturnType<typeof importWorld>>;
beforeAll(async () => {
  idle = await buildImportApp({}, { idle: true });
});
afterAll(() => idle.close());
beforeEach(async () => {
  w = await importWorld(idle);
});

describe('import validation runs', () => {
  it('a validation run again (a restart, a job taken for lost) goes on after its last committed batch', async () => {
    const names = Array.from({ length: 2500 }, (_, i) => `Company ${i + 1}`);
    const res = await upload(idle, w.admin, 'companies', `Name\n${names.join('\n')}\n`);
    expect(res.statusCode, res.body).toBe(201);
    const imp = res.json().data;
    const { sql } = await import('drizzle-orm');
    // As a first run leaves it when it dies after its first batch (lines 2–1001): those rows
    // checked, the import's cursor past them. Their results are marked, to see they are not redone.
    await idle.db.execute(sql`update import_rows set errors = '[{"field":null,"message":"first run"}]'::jsonb,
        outcome = 'error' where import_id = ${imp.id} and line <= 1001`);
    await idle.db.execute(sql`update imports set checked_line = 1001, progress = 1000 where id = ${imp.id}`);
    await runValidate(idle.app.services, imp.id);
    const done = await waitForStatus(idle, w.admin, imp.id, 'preview');
    expect(done.progress).toBe(2500);
    expect(done.counts).toEqual({ create: 1500, update: 0, skip: 0, error: 1000 });
    const lines = await queryRows<{ line: number }>(
      idle.db,
      sql`select line from import_rows where import_id = ${imp.id} and outcome = 'error' order by line`,
    );
    expect(lines.map((r) => r.line)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 2));
  });

  it('two validation runs at once share the batches: each written once, the same preview as one run', async () => {
    const names = Array.from({ length: 2500 }, (_, i) => `Company ${i + 1}`);
    const res = await upload(idle, w.admin, 'companies', `Name\n${names.join('\n')}\nCOMPANY 7\n`);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    // As the job layer does when it takes a long run for lost and starts it again beside it.
    await Promise.all([runValidate(idle.app.services, id), runValidate(idle.app.services, id)]);
    const done = await waitForStatus(idle, w.admin, id, 'preview');
    // A batch written by both runs would count its rows twice.
    expect(done.progress).toBe(2501);
    expect(done.counts).toEqual({ create: 2500, update: 0, skip: 1, error: 0 });
    const { sql } = await import('drizzle-orm');
    const unchecked = await queryRows<{ n: number }>(
      idle.db,
      sql`select count(*)::int as n from import_rows where import_id = ${id} and match_keys is null`,
    );
    expect(unchecked[0]!.n).toBe(0);
  });

  it('a validation that starts while the upload still stages rows (a re-map during it) stops when it catches up; the preview waits for the whole file', async () => {
    const names = Array.from({ length: 2500 }, (_, i) => `Company ${i + 1}`);
    const res = await upload(idle, w.admin, 'companies', `Name\n${names.join('\n')}\n`);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    const { sql } = await import('drizzle-orm');
    const state = async () =>
      (
        await queryRows<{ status: string; progress: number; checked: number }>(
          idle.db,
          sql`select status, progress, (select count(*)::int from import_rows
               where import_id = ${id} and match_keys is not null) as checked from imports where id = ${id}`,
        )
      )[0]!;
    // As the upload leaves it with two batches staged of three: its last rows not yet there,
    // rows_total 0 until it ends.
    await idle.db.execute(sql`create temp table held_rows as
      select * from import_rows where import_id = ${id} and line > 2001`);
    await idle.db.execute(sql`delete from import_rows where import_id = ${id} and line > 2001`);
    await idle.db.execute(sql`update imports set rows_total = 0 where id = ${id}`);
    await runValidate(idle.app.services, id);
    expect(await state()).toEqual({ status: 'validating', progress: 2000, checked: 2000 });
    // The total set but the last rows not yet seen: still no preview.
    await idle.db.execute(sql`update imports set rows_total = 2500 where id = ${id}`);
    await runValidate(idle.app.services, id);
    expect(await state()).toEqual({ status: 'validating', progress: 2000, checked: 2000 });
    // The upload's end: the rest staged, the run it queues goes on from the last batch written.
    await idle.db.execute(sql`insert into import_rows select * from held_rows`);
    await idle.db.execute(sql`drop table held_rows`);
    await runValidate(idle.app.services, id);
    expect(await state()).toEqual({ status: 'preview', progress: 2500, checked: 2500 });
    const done = await waitForStatus(idle, w.admin, id, 'preview');
    expect(done.counts).toEqual({ create: 2500, update: 0, skip: 0, error: 0 });
  });

  it('takes a new mapping while the first validation is still queued, and validates with it', async () => {
    const { sql } = await import('drizzle-orm');
    // The earlier tests' jobs stay queued here (nothing works them), and import ids start again.
    await idle.db.execute(sql`delete from pgboss.job where name = 'imports'`);
    const res = await upload(idle, w.admin, 'companies', 'Organisation name,Site\nAcme,acme.com\n');
    expect(res.statusCode, res.body).toBe(201);
    const imp = res.json().data;
    expect(imp.status).toBe('validating');
    const mapping = { name: 'Organisation name', domain: 'Site' };
    const remap = (body: object) =>
      idle.app.inject({
        method: 'PUT',
        url: `/api/imports/${imp.id}/mapping`,
        headers: { ...XHR, cookie: w.admin },
        payload: body,
      });
    const first = await remap({ mapping });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'validating', mapping });
    // The same mapping again (a double click) restarts nothing and still saves the template.
    const again = await remap({ mapping, template_name: 'CRM export' });
    expect(again.statusCode, again.body).toBe(200);
    const queued = await queryRows<{ n: number }>(
      idle.db,
      sql`select count(*)::int as n from pgboss.job where name = 'imports' and data->>'action' = 'validate'
          and (data->>'id')::int = ${imp.id} and state = 'created'`,
    );
    expect(queued[0]!.n).toBe(2);
    // What the two queued jobs run, one after the other.
    await runValidate(idle.app.services, imp.id);
    await runValidate(idle.app.services, imp.id);
    const done = await waitForStatus(idle, w.admin, imp.id, 'preview');
    expect(done.mapping).toEqual(mapping);
    expect(done.counts).toEqual({ create: 1, update: 0, skip: 0, error: 0 });
  });
});
