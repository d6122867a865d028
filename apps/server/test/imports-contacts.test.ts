import { API_MESSAGES, CONTACT_MESSAGES, IMPORT_MESSAGES } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { applyAndWait, buildImportApp, derivedMismatches, preview, revertAndWait } from './imports.fixtures';
import { XHR, buildCompany, buildUser, sessionCookie, testDb } from './helpers';

let t: Awaited<ReturnType<typeof buildImportApp>>;
let w: Awaited<ReturnType<typeof contactsWorld>>;

/** The imports' world, with a contact at Savills and a company whose people sign in. */
const contactsWorld = async () => {
  const { importWorld } = await import('./imports.fixtures');
  const base = await importWorld(t);
  const greggs = await buildCompany({ name: 'Greggs plc', domain: 'greggs.co.uk' });
  const signedIn = await buildCompany({ name: 'Colliers' });
  await buildUser({ company_id: signedIn.id, name: 'Cole Colliers', password: 'long enough password' });
  const sam = await buildUser({ company_id: base.other.id, name: 'Sam Savills', email: 'sam@savills.com' });
  return { ...base, greggs, signedIn, sam };
};

beforeAll(async () => {
  t = await buildImportApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await contactsWorld();
});

const people = async () =>
  queryRows<{ name: string; email: string; company_id: number | null; mobile: string | null }>(
    await testDb(),
    sql`select name, email, company_id, mobile from users where password_hash is null
        and email not like 'user%@example.com' order by id`,
  );

const CSV = [
  'Full name,E-mail,Company,DDI,Mobile',
  'Ann Archer,ann@greggs.co.uk,Greggs PLC,0191 000,07700 900001',
  'Bob Baker,bob@example.org,greggs.co.uk,,',
  'Carl Cook,not an email,Greggs plc,,',
  'Dee Dunn,dee@example.org,Nobody Ltd,,',
  'ANN ARCHER,ANN@GREGGS.CO.UK,,,07700 900009',
  'Sam Savills,SAM@SAVILLS.COM,Savills,,07700 900002',
  'Sam  Savills,samuel@savills.com,savills,,',
  'X,x@example.org,,,',
].join('\n');

describe('contacts import: preview', () => {
  it('suggests the mapping from aliases and lists every validation error with its line', async () => {
    const imp = await preview(t, w.admin, 'contacts', CSV);
    expect(imp.mapping).toEqual({
      name: 'Full name',
      email: 'E-mail',
      company: 'Company',
      direct_dial: 'DDI',
      mobile: 'Mobile',
    });
    expect(imp.rows!.error.map((r) => [r.line, r.errors])).toEqual([
      [4, [{ field: 'email', message: CONTACT_MESSAGES.emailInvalid }]],
      [5, [{ field: 'company', message: IMPORT_MESSAGES.unresolvedCompany('Nobody Ltd') }]],
      [9, [{ field: 'name', message: CONTACT_MESSAGES.nameMin }]],
    ]);
  });

  it('resolves the company by name or domain and groups duplicates by e-mail and by name within a company', async () => {
    const imp = await preview(t, w.admin, 'contacts', CSV);
    const rows = new Map(
      [...imp.rows!.create, ...imp.rows!.update, ...imp.rows!.skip].map((r) => [r.line, r]),
    );
    expect(rows.get(2)!.match).toEqual({
      group: 'key:email:ann@greggs.co.uk',
      record_id: null,
      keys: ['email:ann@greggs.co.uk'],
    });
    expect([rows.get(2)!.outcome, rows.get(6)!.outcome]).toEqual(['create', 'skip']);
    expect(rows.get(3)!.outcome).toBe('create');
    // By e-mail (case aside), and by name at the same company (spacing aside).
    for (const line of [7, 8]) {
      expect(rows.get(line)!.outcome).toBe('update');
      expect(rows.get(line)!.match?.group).toBe(`record:${w.sam.id}`);
    }
    expect(rows.get(8)!.match?.keys).toEqual([`person:samsavills|${w.other.id}`]);
    expect(imp.counts).toEqual({ create: 2, update: 2, skip: 1, error: 3 });
  });

  it('refuses hostile text as a row error', async () => {
    const imp = await preview(
      t,
      w.admin,
      'contacts',
      'Name,Email\nGood Name,g@example.org\nBad\u0000,b@example.org\n',
    );
    expect(imp.rows!.error).toMatchObject([
      { line: 3, errors: [{ field: 'name', message: API_MESSAGES.textNotAllowed }] },
    ]);
  });
});

describe('contacts import: apply and revert', () => {
  it('creates contacts without a password and updates matches, then reverts both; derived tables stay equal to their rebuild', async () => {
    const imp = await preview(t, w.admin, 'contacts', CSV);
    const applied = await applyAndWait(t, w.admin, imp.id);
    expect(applied.counts).toEqual({ create: 2, update: 2, skip: 1, error: 3 });
    expect(await people()).toEqual([
      // Line 7 matched by e-mail (its capitals kept out) set the mobile; line 8, by name, the e-mail.
      { name: 'Sam Savills', email: 'samuel@savills.com', company_id: w.other.id, mobile: '07700 900002' },
      { name: 'Ann Archer', email: 'ann@greggs.co.uk', company_id: w.greggs.id, mobile: '07700 900001' },
      { name: 'Bob Baker', email: 'bob@example.org', company_id: w.greggs.id, mobile: null },
    ]);
    const history = await queryRows<{ n: number }>(
      await testDb(),
      sql`select count(*)::int as n from field_history where import_id = ${imp.id} and entity_type = 'user'`,
    );
    expect(history[0]!.n).toBeGreaterThan(0);
    expect(await derivedMismatches()).toEqual([]);
    const reverted = await revertAndWait(t, w.admin, imp.id);
    expect(reverted.conflicts).toEqual([]);
    expect(await people()).toEqual([
      { name: 'Sam Savills', email: 'sam@savills.com', company_id: w.other.id, mobile: null },
    ]);
    expect(await derivedMismatches()).toEqual([]);
  });

  it('lists a contact edited since the import as a conflict and leaves it, unless forced', async () => {
    const imp = await preview(t, w.admin, 'contacts', 'Name,Email,Mobile\nSam Savills,sam@savills.com,111\n');
    await applyAndWait(t, w.admin, imp.id);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${w.sam.id}`,
      headers: { ...XHR, cookie: w.admin },
      payload: { company_id: w.other.id, name: 'Sam Savills', email: 'sam@savills.com', mobile: '222' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const reverted = await revertAndWait(t, w.admin, imp.id);
    expect(reverted.conflicts).toEqual([{ line: 2, record_id: w.sam.id }]);
    expect((await people())[0]!.mobile).toBe('222');
    await revertAndWait(t, w.admin, imp.id, { force: true });
    expect((await people())[0]!.mobile).toBeNull();
  });
});

describe('contacts import: permissions', () => {
  it("lets an agent add contacts where the API lets them, and update only their own company's", async () => {
    const mine = await buildUser({ company_id: w.agency.id, name: 'Hal Hobbs', email: 'hal@hdh.co.uk' });
    const csv = [
      'Name,Email,Company,Mobile',
      'Hal Hobbs,hal@hdh.co.uk,Harper Dennis Hobbs,1',
      'Sam Savills,sam@savills.com,Savills,2',
      'New Person,new@example.org,Savills,3',
      'Col Two,col2@example.org,Colliers,4',
    ].join('\n');
    const imp = await preview(t, w.agent, 'contacts', csv);
    expect(imp.rows!.error.map((r) => [r.line, r.errors.map((e) => e.message)])).toEqual([
      [3, [IMPORT_MESSAGES.rowNotOwn]],
      [5, [IMPORT_MESSAGES.rowNotOwnContacts]],
    ]);
    expect(imp.counts).toEqual({ create: 1, update: 1, skip: 0, error: 2 });
    const applied = await applyAndWait(t, w.agent, imp.id);
    expect(applied.counts).toEqual({ create: 1, update: 1, skip: 0, error: 2 });
    const rows = await queryRows<{ id: number; mobile: string | null }>(
      await testDb(),
      sql`select id, mobile from users where email in ('hal@hdh.co.uk', 'sam@savills.com', 'new@example.org') order by id`,
    );
    expect(rows.find((r) => r.id === mine.id)!.mobile).toBe('1');
    expect(rows.find((r) => r.id === w.sam.id)!.mobile).toBeNull();
    expect(rows).toHaveLength(3);
  });

  it('refuses at apply what the importer lost the right to since the preview', async () => {
    const stranger = await sessionCookie(t.app, await buildUser({ company_id: w.agency.id }));
    const imp = await preview(
      t,
      stranger,
      'contacts',
      'Name,Email,Company\nNew One,one@example.org,Savills\n',
    );
    expect(imp.counts.create).toBe(1);
    // Savills gains a member who signs in: it owns its contacts now.
    await buildUser({ company_id: w.other.id, password: 'long enough password' });
    const applied = await applyAndWait(t, stranger, imp.id);
    expect(applied.counts).toEqual({ create: 0, update: 0, skip: 0, error: 1 });
    expect((await people()).map((p) => p.email)).toEqual(['sam@savills.com']);
  });
});
