import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  tableFingerprint,
  type TestApp,
} from './helpers';

/**
 * Lost updates are refused (API.md, ADR 0060): every editable record's read carries a
 * version (body and ETag); an edit naming an old version in If-Match gets 412 with the record as
 * it stands, and nothing is written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'versions-password-1';
let admin: string;
let alice: string;
let bob: string;
let company: Awaited<ReturnType<typeof buildCompany>>;
let contactId: number;

beforeEach(async () => {
  await resetData();
  company = await buildCompany({ name: 'Acme Retail' });
  await buildUser({ email: 'admin@versions.test', password: PW, type: 'admin' });
  // Alice and Bob are colleagues: both may edit their company and each other's record.
  await buildUser({ email: 'alice@versions.test', password: PW, company_id: company.id });
  contactId = (
    await buildUser({ name: 'Bob Brown', email: 'bob@versions.test', password: PW, company_id: company.id })
  ).id;
  admin = await sessionCookie(t.app, 'admin@versions.test');
  alice = await sessionCookie(t.app, 'alice@versions.test');
  bob = await sessionCookie(t.app, 'bob@versions.test');
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie: string,
  payload?: object,
  version?: string,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...XHR, cookie, ...(version ? { 'if-match': `"${version}"` } : {}) },
    ...(payload ? { payload } : {}),
  });

interface EditRoute {
  name: string;
  /** Creates the record; returns its URL. */
  make: () => Promise<string>;
  /** Two different edits (Alice's, then Bob's) and how to read back a field they set. */
  first: object;
  second: object;
  field: (data: Record<string, unknown>) => unknown;
}

const ROUTES: EditRoute[] = [
  {
    name: 'property',
    make: async () => {
      const res = await call('POST', '/api/properties', admin, {
        building_num: '12',
        rent_pa: '100000',
        address: { street: 'High Street', city: 'Leeds', post_code: 'LS1 6HW' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return `/api/properties/${res.json().data.id}`;
    },
    first: { rent_pa: '125000' },
    second: { rent_pa: '90000' },
    field: (d) => d.rent_pa,
  },
  {
    name: 'scheme',
    make: async () => {
      const res = await call('POST', '/api/schemes', admin, {
        name: 'Meadowhall',
        type: 'Shopping centres',
        address: { street: 'Meadowhall Way', city: 'Sheffield', post_code: 'S9 1EP' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return `/api/schemes/${res.json().data.id}`;
    },
    first: { car_spaces: 12000 },
    second: { car_spaces: 500 },
    field: (d) => d.car_spaces,
  },
  {
    name: 'company',
    make: async () => `/api/companies/${company.id}`,
    first: { name: 'Acme Retail Group' },
    second: { name: 'Acme Stores' },
    field: (d) => d.name,
  },
  {
    name: 'contact',
    make: async () => `/api/users/${contactId}`,
    first: { name: 'Bob Brown-Smith', email: 'bob@versions.test', company_id: null },
    second: { name: 'Robert Brown', email: 'bob@versions.test', company_id: null },
    field: (d) => d.name,
  },
  {
    name: 'enquiry',
    make: async () => {
      const prop = await call('POST', '/api/properties', admin, { building_num: '3' });
      const res = await call('POST', '/api/enquiries', alice, {
        property_id: prop.json().data.id,
        company_id: company.id,
        stage: 'interest',
        reason: 'new_store',
      });
      expect(res.statusCode, res.body).toBe(201);
      return `/api/enquiries/${res.json().data.id}`;
    },
    first: { stage: 'under_offer' },
    second: { stage: 'withdrawn' },
    field: (d) => d.stage,
  },
];

/** A contact's edit carries the whole form; the company stays. */
const body = (r: EditRoute, edit: object) =>
  r.name === 'contact' ? { ...edit, company_id: company.id } : edit;

describe.each(ROUTES)('$name edits', (r) => {
  it('reads with a version and an ETag; a stale edit is refused with 412, the current record and nothing written', async () => {
    const url = await r.make();
    // Two people open the same record.
    const read = await call('GET', url, alice);
    expect(read.statusCode, read.body).toBe(200);
    const v0 = read.json().data.version as string;
    expect(v0).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    expect(read.headers.etag).toBe(`"${v0}"`);
    expect((await call('GET', url, bob)).json().data.version).toBe(v0);

    // Alice saves first: a new version, in the body and the ETag.
    const saved = await call('PUT', url, alice, body(r, r.first), v0);
    expect(saved.statusCode, saved.body).toBe(200);
    const v1 = saved.json().data.version as string;
    expect(v1).not.toBe(v0);
    expect(saved.headers.etag).toBe(`"${v1}"`);

    // Bob saves over the version he read: refused, shown what is there now, nothing written.
    const before = await tableFingerprint();
    const stale = await call('PUT', url, bob, body(r, r.second), v0);
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json().msg).toBe(
      'This record was changed by someone else after you opened it. Nothing was saved.',
    );
    expect(stale.json().data.version).toBe(v1);
    expect(r.field(stale.json().data)).toEqual(r.field(saved.json().data));
    expect(await tableFingerprint()).toEqual(before);
    expect(r.field((await call('GET', url, bob)).json().data)).toEqual(r.field(saved.json().data));

    // Having seen the current values, Bob saves on the current version.
    const again = await call('PUT', url, bob, body(r, r.second), v1);
    expect(again.statusCode, again.body).toBe(200);
    expect(r.field(again.json().data)).not.toEqual(r.field(saved.json().data));
  });

  it('lets exactly one of two racing edits of the same version through', async () => {
    const url = await r.make();
    const v0 = (await call('GET', url, alice)).json().data.version as string;
    const answers = await Promise.all([
      call('PUT', url, alice, body(r, r.first), v0),
      call('PUT', url, bob, body(r, r.second), v0),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    const now = (await call('GET', url, admin)).json().data;
    expect(r.field(now)).toEqual(r.field(winner.json().data));
    expect(now.version).toBe(winner.json().data.version);
  });

  it('keeps last-write-wins without If-Match and refuses a malformed one with 422', async () => {
    const url = await r.make();
    const plain = await call('PUT', url, alice, body(r, r.first));
    expect(plain.statusCode, plain.body).toBe(200);
    const before = await tableFingerprint();
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...XHR, cookie: alice, 'if-match': 'not a tag' },
      payload: body(r, r.second),
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['If-Match']);
    expect(await tableFingerprint()).toEqual(before);
  });
});

describe('what counts as a change', () => {
  it("ignores what an edit cannot change: a comment, or a related company's new name", async () => {
    const res = await call('POST', '/api/properties', admin, { building_num: '7', company_id: company.id });
    const url = `/api/properties/${res.json().data.id}`;
    const v0 = (await call('GET', url, alice)).json().data.version;
    const comment = await call('POST', '/api/comments', bob, {
      content: '<p>Seen it</p>',
      entity_id: res.json().data.id,
      entity_type: 'property',
      links: [],
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const renamed = await call('PUT', `/api/companies/${company.id}`, bob, { name: 'Acme Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call('GET', url, alice)).json().data.version).toBe(v0);
    expect((await call('PUT', url, alice, { rent_pa: '1000' }, v0)).statusCode).toBe(200);
  });

  it('counts a change made by another path: the areas call moves the property on', async () => {
    const res = await call('POST', '/api/properties', admin, { building_num: '9' });
    const url = `/api/properties/${res.json().data.id}`;
    const v0 = (await call('GET', url, alice)).json().data.version;
    const areas = await call('PUT', `${url}/areas`, bob, { area_size_type: 'sqft', nia_sqrt: 900 });
    expect(areas.statusCode, areas.body).toBe(200);
    const stale = await call('PUT', url, alice, { rent_pa: '1000' }, v0);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().data.nia_sqrt).toBe(areas.json().data.nia_sqrt);
  });
});
