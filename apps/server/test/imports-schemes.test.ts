import { API_MESSAGES, IMPORT_MESSAGES, SCHEME_MESSAGES, type Scheme } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import {
  applyAndWait,
  buildImportApp,
  derivedMismatches,
  importWorld,
  preview,
  revertAndWait,
} from './imports.fixtures';
import { XHR, testDb } from './helpers';

let t: Awaited<ReturnType<typeof buildImportApp>>;
let w: Awaited<ReturnType<typeof importWorld>> & { trinity: number; meadowhall: number };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie: w.admin }, ...(payload ? { payload } : {}) });

const buildScheme = async (payload: object): Promise<number> => {
  const res = await call('POST', '/api/schemes', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

const schemeOf = async (id: number): Promise<Scheme> => (await call('GET', `/api/schemes/${id}`)).json().data;

const schemeNames = async () =>
  (await queryRows<{ name: string }>(await testDb(), sql`select name from schemes order by id`)).map(
    (r) => r.name,
  );

beforeAll(async () => {
  t = await buildImportApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  const base = await importWorld(t);
  w = { ...base, trinity: 0, meadowhall: 0 };
  // Trinity Leeds: the agent's company acts for its landlord; Meadowhall: nobody's.
  w.trinity = await buildScheme({
    name: 'Trinity Leeds',
    type: 'Leisure',
    address: { street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' },
    landlord_agents: [base.agency.id],
  });
  w.meadowhall = await buildScheme({
    name: 'Meadowhall',
    type: 'Shopping centres',
    address: { city: 'Sheffield' },
  });
});

const CSV = [
  'Scheme,Type,Address,Town,Postcode,Opened,Car spaces,Under construction,Landlord',
  'TRINITY LEEDS,Shopping centre,Albion St,leeds,LS1 5AT,2013,"1,000",no,Savills',
  'The Light,leisure,The Headrow,Leeds,LS1 8TL,2001,,,',
  'THE LIGHT,Leisure,,LEEDS,,,,,',
  'Bad Type,Retail park,,York,,,,,',
  'Old,Leisure,,York,,1700,,,',
  'Nowhere,Leisure,,York,,,,maybe,Nobody Ltd',
  'Trinity Leeds,Leisure,,Manchester,,,,,',
].join('\n');

describe('schemes import: preview', () => {
  it('suggests the mapping from aliases and lists every validation error with its line', async () => {
    const imp = await preview(t, w.admin, 'schemes', CSV);
    expect(imp.mapping).toEqual({
      name: 'Scheme',
      type: 'Type',
      street: 'Address',
      city: 'Town',
      post_code: 'Postcode',
      opened: 'Opened',
      car_spaces: 'Car spaces',
      under_construction: 'Under construction',
      landlord: 'Landlord',
    });
    expect(imp.rows!.error.map((r) => [r.line, r.errors])).toEqual([
      // As POST /api/schemes answers a type not in SCHEME_TYPES.
      [5, [{ field: 'type', message: SCHEME_MESSAGES.typeRequired }]],
      [6, [{ field: 'opened', message: SCHEME_MESSAGES.openedYear }]],
      [
        7,
        [
          { field: 'landlord', message: IMPORT_MESSAGES.unresolvedCompany('Nobody Ltd') },
          { field: 'under_construction', message: IMPORT_MESSAGES.rowYesNo },
        ],
      ],
    ]);
  });

  it('matches by name and town (case and spacing aside), within the file and against existing schemes', async () => {
    const imp = await preview(t, w.admin, 'schemes', CSV);
    const rows = new Map(
      [...imp.rows!.create, ...imp.rows!.update, ...imp.rows!.skip].map((r) => [r.line, r]),
    );
    expect(rows.get(2)!.match).toEqual({
      group: `record:${w.trinity}`,
      record_id: w.trinity,
      keys: ['scheme:trinityleeds|leeds'],
    });
    expect(rows.get(2)!.outcome).toBe('update');
    expect([rows.get(3)!.outcome, rows.get(4)!.outcome]).toEqual(['create', 'skip']);
    expect(rows.get(4)!.match?.group).toBe('key:scheme:thelight|leeds');
    // The same name in another town is another scheme.
    expect(rows.get(8)!.outcome).toBe('create');
    expect(rows.get(8)!.match).toBeNull();
    expect(imp.counts).toEqual({ create: 2, update: 1, skip: 1, error: 3 });
  });

  it('refuses hostile text as a row error', async () => {
    const imp = await preview(t, w.admin, 'schemes', 'Name,Type\nGood,Leisure\nBad\u0000,Leisure\n');
    expect(imp.rows!.error).toMatchObject([
      { line: 3, errors: [{ field: 'name', message: API_MESSAGES.textNotAllowed }] },
    ]);
  });
});

describe('schemes import: apply and revert', () => {
  it('creates and updates through the schemes service, then reverts both; derived tables equal their rebuild', async () => {
    const imp = await preview(t, w.admin, 'schemes', CSV);
    const applied = await applyAndWait(t, w.admin, imp.id);
    expect(applied.counts).toEqual({ create: 2, update: 1, skip: 1, error: 3 });
    expect(await schemeNames()).toEqual(['Trinity Leeds', 'Meadowhall', 'The Light', 'Trinity Leeds']);
    const trinity = await schemeOf(w.trinity);
    expect(trinity).toMatchObject({
      name: 'Trinity Leeds',
      type: 'Shopping centres',
      opened_at: 2013,
      car_spaces: 1000,
      is_under_construction: false,
    });
    // The keys it matched by keep the scheme's own spelling; the street is the row's.
    expect(trinity.address).toMatchObject({ street: 'Albion St', city: 'Leeds', post_code: 'LS1 5AT' });
    expect(trinity.landlords!.map((c) => c.id)).toEqual([w.other.id]);
    expect(trinity.landlord_agents!.map((c) => c.id)).toEqual([w.agency.id]);
    const marked = await queryRows<{ n: number }>(
      await testDb(),
      sql`select count(*)::int as n from field_history where import_id = ${imp.id}`,
    );
    expect(marked[0]!.n).toBeGreaterThan(0);
    expect(await derivedMismatches()).toEqual([]);

    const reverted = await revertAndWait(t, w.admin, imp.id);
    expect(reverted.conflicts).toEqual([]);
    expect(await schemeNames()).toEqual(['Trinity Leeds', 'Meadowhall']);
    const back = await schemeOf(w.trinity);
    expect(back).toMatchObject({ type: 'Leisure', opened_at: null, car_spaces: null });
    expect(back.address).toMatchObject({ street: 'Albion Street', city: 'Leeds' });
    expect(back.landlords).toEqual([]);
    expect(await derivedMismatches()).toEqual([]);
  });

  it('lists a scheme edited since the import as a conflict and leaves it, unless forced', async () => {
    const imp = await preview(
      t,
      w.admin,
      'schemes',
      'Name,Type,Town,Car spaces\nMeadowhall,Shopping centres,Sheffield,500\n',
    );
    await applyAndWait(t, w.admin, imp.id);
    expect((await schemeOf(w.meadowhall)).car_spaces).toBe(500);
    const edit = await call('PUT', `/api/schemes/${w.meadowhall}`, { car_spaces: 600 });
    expect(edit.statusCode, edit.body).toBe(200);
    const reverted = await revertAndWait(t, w.admin, imp.id);
    expect(reverted.conflicts).toEqual([{ line: 2, record_id: w.meadowhall }]);
    expect((await schemeOf(w.meadowhall)).car_spaces).toBe(600);
    await revertAndWait(t, w.admin, imp.id, { force: true });
    expect((await schemeOf(w.meadowhall)).car_spaces).toBeNull();
  });
});

describe('schemes import: permissions', () => {
  it("lets an agent create schemes and update those their company acts for, never another's", async () => {
    const csv = [
      'Name,Type,Town,Car spaces',
      'Trinity Leeds,Leisure,Leeds,10',
      'Meadowhall,Shopping centres,Sheffield,20',
      'New Scheme,Leisure,York,30',
    ].join('\n');
    const imp = await preview(t, w.agent, 'schemes', csv);
    expect(imp.rows!.error).toMatchObject([{ line: 3, errors: [{ message: IMPORT_MESSAGES.rowNotOwn }] }]);
    const applied = await applyAndWait(t, w.agent, imp.id);
    expect(applied.counts).toEqual({ create: 1, update: 1, skip: 0, error: 1 });
    expect((await schemeOf(w.trinity)).car_spaces).toBe(10);
    expect((await schemeOf(w.meadowhall)).car_spaces).toBeNull();
    expect(await schemeNames()).toEqual(['Trinity Leeds', 'Meadowhall', 'New Scheme']);
  });
});
