import { API_MESSAGES, COMPANY_MESSAGES, IMPORT_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applyAndWait,
  buildImportApp,
  derivedMismatches,
  companyNames,
  getImport,
  importWorld,
  post,
  preview,
  revertAndWait,
  upload,
  waitForStatus,
} from './imports.fixtures';
import { XHR, buildUser, sessionCookie } from './helpers';
import { queryRows, type Db } from '../src/db/client';
import { runApply } from '../src/modules/imports/import.apply';
import { countsOf } from '../src/modules/imports/imports.repository';
import { companyMatchKey } from '../src/modules/imports/import.values';

let t: Awaited<ReturnType<typeof buildImportApp>>;
let w: Awaited<ReturnType<typeof importWorld>>;
beforeAll(async () => {
  t = await buildImportApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await importWorld(t);
});

const CSV = [
  'Company name,Website,Telephone',
  'Greggs Limited,greggs.co.uk,0191 281 7721',
  'Boots,https://www.boots.com/,',
  ',nameless.com,',
  'GREGGS LTD.,,',
  'Savills,,020 7499 8644',
  'Bad domain,not a domain,',
].join('\r\n');

describe('companies import: preview', () => {
  it('suggests the mapping from the headers, validates every row with the API rules and lists errors with their lines', async () => {
    const imp = await preview(t, w.admin, 'companies', CSV);
    expect(imp.status).toBe('preview');
    expect(imp.mapping).toEqual({ name: 'Company name', domain: 'Website', phone: 'Telephone' });
    expect(imp.rows_total).toBe(6);
    expect(imp.counts).toEqual({ create: 2, update: 1, skip: 1, error: 2 });
    expect(imp.rows!.error.map((r) => [r.line, r.errors.map((e) => e.message)])).toEqual([
      [4, [COMPANY_MESSAGES.nameRequired]],
      [7, [COMPANY_MESSAGES.domainInvalid]],
    ]);
  });

  it('groups duplicates within the file (Ltd/Limited, punctuation, case) and against existing records, with the keys that matched', async () => {
    const imp = await preview(t, w.admin, 'companies', CSV);
    const byLine = new Map(
      [...imp.rows!.create, ...imp.rows!.update, ...imp.rows!.skip].map((r) => [r.line, r]),
    );
    expect(byLine.get(2)!.match).toEqual({
      group: 'key:name:greggsltd',
      record_id: null,
      keys: ['name:greggsltd'],
    });
    expect(byLine.get(2)!.outcome).toBe('create');
    expect(byLine.get(5)!.outcome).toBe('skip');
    expect(byLine.get(5)!.match?.group).toBe('key:name:greggsltd');
    expect(byLine.get(6)!.match).toEqual({
      group: `record:${w.other.id}`,
      record_id: w.other.id,
      keys: ['name:savills'],
    });
    expect(byLine.get(6)!.outcome).toBe('update');
    expect(imp.duplicate_groups).toBe(2);
  });

  it('refuses a NUL byte as a row error, never a 500', async () => {
    const imp = await preview(t, w.admin, 'companies', 'Name\nGood\nBad\u0000Name\n');
    expect(imp.counts.error).toBe(1);
    expect(imp.rows!.error[0]).toMatchObject({
      line: 3,
      errors: [{ field: 'name', message: API_MESSAGES.textNotAllowed }],
    });
  });

  it('takes the mapping sent with the upload (renamed columns), over the suggestion', async () => {
    const imp = await preview(
      t,
      w.admin,
      'companies',
      'Trading as,Web address,Name\nAcme,acme.com,ignored\n',
      {
        mapping: { name: 'Trading as', domain: 'Web address' },
      },
    );
    expect(imp.mapping).toEqual({ name: 'Trading as', domain: 'Web address' });
    expect(imp.suggested_mapping).toEqual({ name: 'Name' });
    expect(imp.rows!.create[0]!.values).toEqual({
      'Trading as': 'Acme',
      'Web address': 'acme.com',
      Name: 'ignored',
    });
    await applyAndWait(t, w.admin, imp.id);
    expect(await companyNames()).toEqual(['Harper Dennis Hobbs', 'Savills', 'Acme']);
    const bad = await upload(t, w.admin, 'companies', 'Name\nAcme\n', { mapping: { phone: 'Nope' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'mapping.phone': [IMPORT_MESSAGES.mappingInvalid] });
  });

  it('re-validates with a new mapping and saves it as a template', async () => {
    const imp = await preview(t, w.admin, 'companies', 'Organisation name,Site\nAcme,acme.com\n');
    expect(imp.counts.error).toBe(1);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/imports/${imp.id}/mapping`,
      headers: { ...XHR, cookie: w.admin },
      payload: { mapping: { name: 'Organisation name', domain: 'Site' }, template_name: 'CRM export' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('validating');
    const again = await waitForStatus(t, w.admin, imp.id, 'preview');
    expect(again.counts).toEqual({ create: 1, update: 0, skip: 0, error: 0 });
    const templates = await t.app.inject({
      method: 'GET',
      url: '/api/imports/templates?entity=companies',
      headers: { ...XHR, cookie: w.admin },
    });
    expect(templates.json().data).toEqual([
      expect.objectContaining({ name: 'CRM export', mapping: { name: 'Organisation name', domain: 'Site' } }),
    ]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/imports/${imp.id}/mapping`,
      headers: { ...XHR, cookie: w.admin },
      payload: { mapping: { name: 'No such column' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'mapping.name': [IMPORT_MESSAGES.mappingInvalid] });
  });

  it('downloads the error rows as CSV with their original lines', async () => {
    const imp = await preview(t, w.admin, 'companies', CSV);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${imp.id}/errors.csv`,
      headers: { ...XHR, cookie: w.admin },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Line,Errors,Company name,Website,Telephone');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['4', '7']);
  });
});

describe('companies import: apply and revert', () => {
  it('applies with the default choices, then reverts: created deleted, updated restored', async () => {
    const imp = await preview(t, w.admin, 'companies', CSV);
    const applied = await applyAndWait(t, w.admin, imp.id);
    expect(applied.progress).toBe(6);
    expect(applied.counts).toEqual({ create: 2, update: 1, skip: 1, error: 2 });
    expect(await companyNames()).toEqual(['Harper Dennis Hobbs', 'Savills', 'Greggs Limited', 'Boots']);
    expect(await derivedMismatches()).toEqual([]);
    const reverted = await revertAndWait(t, w.admin, imp.id);
    expect(reverted.conflicts).toEqual([]);
    expect(await companyNames()).toEqual(['Harper Dennis Hobbs', 'Savills']);
    expect(await derivedMismatches()).toEqual([]);
  });

  it('takes the choice for all groups or per group (create makes a second record)', async () => {
    const imp = await preview(t, w.admin, 'companies', CSV);
    await applyAndWait(t, w.admin, imp.id, { all: 'skip', groups: { 'key:name:greggsltd': 'create' } });
    expect(await companyNames()).toEqual([
      'Harper Dennis Hobbs',
      'Savills',
      'Greggs Limited',
      'Boots',
      'GREGGS LTD.',
    ]);
  });

  it('the apply job sets the outcomes from the choices in its first batch; the request only queues it', async () => {
    const imp = await preview(t, w.admin, 'companies', CSV);
    const { sql } = await import('drizzle-orm');
    // As POST …/apply leaves an import now: applying, its choices saved, every outcome the preview's.
    await t.db.execute(sql`update imports set status = 'applying', progress = 0,
      choices = ${JSON.stringify({ all: 'skip' })}::jsonb where id = ${imp.id}`);
    const outcomes = () =>
      queryRows<{ outcome: string; n: number }>(
        t.db,
        sql`select outcome, count(*)::int as n from import_rows where import_id = ${imp.id} group by outcome order by outcome`,
      );
    expect(await outcomes()).toEqual([
      { outcome: 'create', n: 2 },
      { outcome: 'error', n: 2 },
      { outcome: 'skip', n: 1 },
      { outcome: 'update', n: 1 },
    ]);
    await runApply(t.app.services, imp.id, () => false);
    const applied = await getImport(t, w.admin, imp.id);
    expect(applied.status).toBe('applied');
    // Savills (an existing company) is skipped, not updated; the file's own group keeps its first row.
    expect(applied.counts).toEqual({ create: 2, update: 0, skip: 2, error: 2 });
    expect(await companyNames()).toEqual(['Harper Dennis Hobbs', 'Savills', 'Greggs Limited', 'Boots']);
  });

  it('keeps its counts as its rows stand: at the preview, after each batch of the apply, at the end', async () => {
    const imp = await preview(t, w.admin, 'companies', CSV);
    const { sql } = await import('drizzle-orm');
    const stored = async () => (await getImport(t, w.admin, imp.id)).counts;
    const counted = async () => {
      const c = await countsOf(t.db, imp.id);
      return { create: c.create, update: c.update, skip: c.skip, error: c.error };
    };
    expect(await stored()).toEqual({ create: 2, update: 1, skip: 1, error: 2 });
    expect(await stored()).toEqual(await counted());
    // Savills (line 6, the update) is gone by the time the apply writes it: its row's outcome changes.
    await t.db.execute(sql`update users set company_id = null where company_id = ${w.other.id}`);
    await t.db.execute(sql`delete from companies where id = ${w.other.id}`);
    await t.db.execute(
      sql`update imports set status = 'applying', progress = 0, choices = '{}'::jsonb where id = ${imp.id}`,
    );
    const services = t.app.services;
    const oneBatch = {
      ...services,
      config: { ...services.config, imports: { ...services.config.imports, batchRows: 5 } },
    };
    expect(await runApply(oneBatch, imp.id, () => false, 0)).toBe(true);
    const mid = await getImport(t, w.admin, imp.id);
    expect(mid).toMatchObject({ status: 'applying', progress: 5 });
    expect(mid.counts).toEqual(await counted());
    expect(mid.counts.update).toBe(0);
    await runApply(services, imp.id, () => false);
    const done = await getImport(t, w.admin, imp.id);
    expect(done.status).toBe('applied');
    expect(done.counts).toEqual(await counted());
  });

  it('lists a record edited since the import as a conflict and leaves it, unless forced', async () => {
    const imp = await preview(t, w.admin, 'companies', 'Name,Phone\nSavills,111\nNew One,\n');
    await applyAndWait(t, w.admin, imp.id);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${w.other.id}`,
      headers: { ...XHR, cookie: w.admin },
      payload: { name: 'Savills UK', domain: null, phone: '222' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const reverted = await revertAndWait(t, w.admin, imp.id);
    expect(reverted.conflicts).toEqual([{ line: 2, record_id: w.other.id }]);
    expect(await companyNames()).toEqual(['Harper Dennis Hobbs', 'Savills UK']);
    const forced = await revertAndWait(t, w.admin, imp.id, { force: true });
    expect(forced.conflicts).toEqual([]);
    expect(await companyNames()).toEqual(['Harper Dennis Hobbs', 'Savills']);
  });

  it('refuses a revert of an import not applied, and after 30 days', async () => {
    const imp = await preview(t, w.admin, 'companies', 'Name\nAcme\n');
    const early = await post(t, w.admin, `/api/imports/${imp.id}/revert`);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ status: [IMPORT_MESSAGES.notApplied] });
    await applyAndWait(t, w.admin, imp.id);
    const late = await buildImportApp();
    try {
      const { sql } = await import('drizzle-orm');
      await t.db.execute(
        sql`update imports set applied_at = now() - interval '31 days' where id = ${imp.id}`,
      );
      const res = await post(late, w.admin, `/api/imports/${imp.id}/revert`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ status: [IMPORT_MESSAGES.revertExpired] });
    } finally {
      await late.close();
    }
  });
});

describe('company names by their match key', () => {
  it('are found through the expression index, the query naming the same expression', async () => {
    const { sql } = await import('drizzle-orm');
    const { companyNameKey } = await import('../src/db/schema');
    const { textArray } = await import('../src/modules/imports/import-records.repository');
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': unknown }>(
        tx as unknown as Db,
        sql`explain (format json) select id from companies
            where ${companyNameKey(sql`name`)} = any(${textArray(['savills', 'greggsltd'])})`,
      );
    });
    expect(JSON.stringify(plan[0]!['QUERY PLAN'])).toContain('companies_name_key_idx');
    // The index holds the same key as the code: "The Savills Limited" is "savillsltd" in both.
    const rows = await queryRows<{ key: string }>(
      t.db,
      sql`select ${companyNameKey(sql`${'The Savills Limited & Co.'}::text`)} as key`,
    );
    expect(rows[0]!.key).toBe(companyMatchKey('The Savills Limited & Co.'));
  });
});

describe('companies import: permissions', () => {
  it("lets an agent create companies and update their own, never another company's", async () => {
    const imp = await preview(
      t,
      w.agent,
      'companies',
      'Name,Phone\nHarper Dennis Hobbs,0207\nSavills,999\nNewco,\n',
    );
    expect(imp.counts).toEqual({ create: 1, update: 1, skip: 0, error: 1 });
    expect(imp.rows!.error[0]).toMatchObject({ line: 3, errors: [{ message: IMPORT_MESSAGES.rowNotOwn }] });
    await applyAndWait(t, w.agent, imp.id);
    expect(await companyNames()).toEqual(['Harper Dennis Hobbs', 'Savills', 'Newco']);
  });

  it('hides an import from other users (404) and shows every import to admins', async () => {
    const imp = await preview(t, w.agent, 'companies', 'Name\nAcme\n');
    expect((await getImport(t, w.admin, imp.id)).id).toBe(imp.id);
    const stranger = await sessionCookie(t.app, await buildUser({ company_id: w.agency.id }));
    for (const url of [`/api/imports/${imp.id}`, `/api/imports/${imp.id}/errors.csv`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie: stranger } });
      expect(res.statusCode).toBe(404);
    }
    const apply = await post(t, stranger, `/api/imports/${imp.id}/apply`);
    expect(apply.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/imports',
      headers: { ...XHR, cookie: stranger },
    });
    expect(list.json().data).toEqual([]);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/imports',
      headers: { ...XHR, cookie: w.admin },
    });
    expect(all.json().data.map((i: { id: number }) => i.id)).toEqual([imp.id]);
  });
});
