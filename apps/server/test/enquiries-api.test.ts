/**
 * POST, GET, PUT and DELETE /api/enquiries (spec A §5, ADR 0050): every rule with
 * its message verbatim, month/day/year and ISO dates, the reason and today defaults, the subject
 * (a unit's enquiry is on its scheme), references that do not exist, history, hostile input, and
 * who may edit and delete — with the row unchanged after each refusal.
 */
import { ENQUIRY_MESSAGES, MESSAGES, type Enquiry } from '@frontage/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comments, fieldHistory, users } from '../src/db/schema';
import { buildTestApp, testDb, type TestApp } from './helpers';
import { buildEnquiryWorld, enquiryApi, storedEnquiry, type EnquiryWorld } from './enquiries.fixtures';

/** 23:30 UTC on 30 June is already 1 July in the UK (BST): "today" is the UK's day. */
const NOW = new Date('2026-06-30T23:30:00Z');
let t: TestApp;
let w: EnquiryWorld;
let api: ReturnType<typeof enquiryApi>;
beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
  api = enquiryApi(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await buildEnquiryWorld(t);
});

const base = () => ({ property_id: w.place.unit, company_id: w.co.boots.id, stage: 'interest' });
const created = async (cookie: string, body: object = {}): Promise<Enquiry> => {
  const res = await api.create(cookie, { ...base(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Enquiry;
};
const errorsOf = (res: { json: () => unknown }) =>
  (res.json() as { errors: Record<string, string[]> }).errors;
const historyOf = async (id: number) =>
  (await testDb())
    .select()
    .from(fieldHistory)
    .where(and(eq(fieldHistory.entity_type, 'enquiry'), eq(fieldHistory.entity_id, id)));

describe('POST /api/enquiries', () => {
  it('records an enquiry and answers it with its relations, town, author and can_edit', async () => {
    const res = await api.create(w.cookies.author, {
      ...base(),
      user_id: w.users.contact.id,
      received_at: '03/25/2026',
      reason: 'relocation',
      size_from: 1000,
      size_to: '2500',
      rent_from: '40000',
      rent_to: 55000.5,
      created_by: w.users.admin.id,
      created_at: '2001-01-01T00:00:00Z',
      id: 999,
    });
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json().data as Enquiry;
    expect(e).toMatchObject({
      property_id: w.place.unit,
      scheme_id: w.place.scheme,
      company_id: w.co.boots.id,
      user_id: w.users.contact.id,
      received_at: '2026-03-25',
      size_from: 1000,
      size_to: 2500,
      rent_from: '40000.00',
      rent_to: '55000.50',
      stage: 'interest',
      reason: 'relocation',
      town: 'Leeds',
      can_edit: true,
      created_by: { id: w.users.author.id, name: 'Alice Author' },
      company: { id: w.co.boots.id, name: 'Boots', is_verified: false, verified_at: null },
      user: { id: w.users.contact.id, name: 'Nina Retail', email: 'nina@example.com' },
      scheme: { id: w.place.scheme, name: 'Trinity Leeds' },
      property: { id: w.place.unit, building_num: 'SU1' },
      comments: [],
      unverified_history_count: 11,
    });
    // The body cannot choose the id, the author or the stamps.
    expect(e.id).not.toBe(999);
    expect(e.created_at).toBe(NOW.toISOString());
    expect(e.updated_at).toBe(NOW.toISOString());
  });

  it('accepts received_at as yyyy-mm-dd, and an empty one is today in the UK', async () => {
    expect((await created(w.cookies.author, { received_at: '2026-02-28' })).received_at).toBe('2026-02-28');
    expect((await created(w.cookies.author, { received_at: '2/3/2026' })).received_at).toBe('2026-02-03');
    expect((await created(w.cookies.author, { received_at: '' })).received_at).toBe('2026-07-01');
    expect((await created(w.cookies.author, { received_at: null })).received_at).toBe('2026-07-01');
    expect((await created(w.cookies.author)).received_at).toBe('2026-07-01');
  });

  it('refuses a date that is not a real day, in either order', async () => {
    for (const received_at of ['02/30/2026', '25/03/2026', '2026-13-01', 'yesterday']) {
      const res = await api.create(w.cookies.author, { ...base(), received_at });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ received_at: [ENQUIRY_MESSAGES.receivedAt] });
    }
  });

  it("stores an empty or absent reason as 'unknown' and refuses an unknown one", async () => {
    expect((await created(w.cookies.author, { reason: '' })).reason).toBe('unknown');
    expect((await created(w.cookies.author, { reason: null })).reason).toBe('unknown');
    expect((await created(w.cookies.author)).reason).toBe('unknown');
    const res = await api.create(w.cookies.author, { ...base(), reason: 'whim' });
    expect(errorsOf(res)).toEqual({ reason: [ENQUIRY_MESSAGES.reasonUnknown] });
  });

  it('needs a company or a contact (the message on both) and a stage, listed together', async () => {
    const res = await api.create(w.cookies.author, { property_id: w.place.unit, company_id: '', stage: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        company_id: ['Either contact or company is required'],
        user_id: ['Either contact or company is required'],
        stage: ['Stage is required'],
      },
    });
    expect(MESSAGES.enquiryStage).toBe('Stage is required');
    // A contact alone is enough, even one of another company than the enquiry's (agents enquire for retailers).
    const byContact = await created(w.cookies.author, { company_id: null, user_id: w.users.contact.id });
    expect(byContact.company_id).toBeNull();
    const agentFor = await created(w.cookies.author, {
      company_id: w.co.boots.id,
      user_id: w.users.contact.id,
    });
    expect(agentFor.user_id).toBe(w.users.contact.id);
  });

  it('needs a property or a scheme, and ranges from ≤ to', async () => {
    const res = await api.create(w.cookies.author, {
      company_id: w.co.boots.id,
      stage: 'interest',
      size_from: 2000,
      size_to: 1000,
      rent_from: '50000',
      rent_to: '40000',
    });
    expect(errorsOf(res)).toEqual({
      property_id: [ENQUIRY_MESSAGES.subject],
      scheme_id: [ENQUIRY_MESSAGES.subject],
      size_to: [ENQUIRY_MESSAGES.sizeOrder],
      rent_to: [ENQUIRY_MESSAGES.rentOrder],
    });
    const equal = await created(w.cookies.author, {
      size_from: 1000,
      size_to: 1000,
      rent_from: '1',
      rent_to: '1',
    });
    expect(equal.size_to).toBe(1000);
  });

  it('answers 422 against each reference that does not exist, never a 500', async () => {
    const res = await api.create(w.cookies.author, {
      property_id: 999999,
      scheme_id: 999998,
      company_id: 999997,
      user_id: 999996,
      stage: 'interest',
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      property_id: [ENQUIRY_MESSAGES.propertyMissing],
      scheme_id: [ENQUIRY_MESSAGES.schemeMissing],
      company_id: [ENQUIRY_MESSAGES.companyMissing],
      user_id: [ENQUIRY_MESSAGES.contactMissing],
    });
  });

  it("stores a unit's enquiry on its scheme and refuses a scheme the property is not in", async () => {
    expect((await created(w.cookies.author)).scheme_id).toBe(w.place.scheme);
    expect((await created(w.cookies.author, { scheme_id: w.place.scheme })).scheme_id).toBe(w.place.scheme);
    const onScheme = await created(w.cookies.author, { property_id: null, scheme_id: w.place.otherScheme });
    expect(onScheme).toMatchObject({ property_id: null, scheme_id: w.place.otherScheme, town: 'Sheffield' });
    const standalone = await created(w.cookies.author, { property_id: w.place.shop });
    expect(standalone).toMatchObject({ scheme_id: null, town: 'Manchester' });
    for (const [property_id, scheme_id] of [
      [w.place.unit, w.place.otherScheme],
      [w.place.shop, w.place.scheme],
    ]) {
      const res = await api.create(w.cookies.author, { ...base(), property_id, scheme_id });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ property_id: [ENQUIRY_MESSAGES.propertyNotInScheme] });
    }
  });

  it('refuses text PostgreSQL cannot hold (422 on the field, nothing written)', async () => {
    for (const [field, value] of [
      ['received_at', '03/25/2026\u0000'],
      ['rent_from', '\ud800'],
      ['stage', 'interest\u0000'],
    ] as const) {
      const res = await api.create(w.cookies.author, { ...base(), [field]: value });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(errorsOf(res))).toContain(field);
    }
    const list = await api.get(w.cookies.author, '/api/enquiries?q=%00boots');
    expect(list.statusCode).toBe(422);
    expect((await api.get(w.cookies.author, '/api/enquiries')).json().meta.pagination.total).toBe(0);
  });
});

describe('GET /api/enquiries/{id}', () => {
  it('answers the relations asked for (unknown names ignored) and the unverified changes', async () => {
    const e = await created(w.cookies.author, { user_id: w.users.contact.id, rent_from: '1000' });
    const res = await api.get(
      w.cookies.stranger,
      `/api/enquiries/${e.id}?include=company,size,rent,size_from,bogus`,
    );
    expect(res.statusCode).toBe(200);
    const got = res.json().data as Enquiry;
    expect(got.company?.name).toBe('Boots');
    expect(got).not.toHaveProperty('user');
    expect(got).not.toHaveProperty('comments');
    expect(got.can_edit).toBe(false);
    // property, scheme, company, contact, date, rent from, stage, reason: one unverified change each.
    expect(got.unverified_history_count).toBe(8);
    const byAdmin = await created(w.cookies.admin);
    expect(
      (await api.get(w.cookies.admin, `/api/enquiries/${byAdmin.id}`)).json().data.unverified_history_count,
    ).toBe(0);
    expect((await api.get(w.cookies.admin, '/api/enquiries/999999')).statusCode).toBe(404);
  });

  it('includes its comments with their authors', async () => {
    const e = await created(w.cookies.author);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: w.cookies.colleague },
      payload: { content: '<p>Keen on the corner unit</p>', entity_type: 'enquiry', entity_id: e.id },
    });
    expect(post.statusCode, post.body).toBe(201);
    const got = (await api.get(w.cookies.author, `/api/enquiries/${e.id}?include=comments`)).json()
      .data as Enquiry;
    expect(got.comments).toHaveLength(1);
    expect(got.comments![0]).toMatchObject({
      entity_type: 'enquiry',
      entity_id: e.id,
      user: { id: w.users.colleague.id },
    });
  });
});

describe('PUT /api/enquiries/{id}', () => {
  it('leaves absent fields, clears null ones (date → today, reason → unknown) and stamps the edit', async () => {
    const e = await created(w.cookies.author, {
      user_id: w.users.contact.id,
      received_at: '2026-01-05',
      reason: 'upsize',
      size_from: 500,
      rent_from: '1000',
    });
    const res = await api.update(w.cookies.author, e.id, {
      stage: 'under_offer',
      received_at: null,
      reason: '',
      size_from: null,
      rent_from: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json().data as Enquiry;
    expect(got).toMatchObject({
      stage: 'under_offer',
      received_at: '2026-07-01',
      reason: 'unknown',
      size_from: null,
      rent_from: null,
      company_id: w.co.boots.id,
      user_id: w.users.contact.id,
      property_id: w.place.unit,
    });
    const again = (await api.update(w.cookies.author, e.id, { received_at: '12/31/2025' })).json()
      .data as Enquiry;
    expect(again).toMatchObject({ received_at: '2025-12-31', stage: 'under_offer' });
    const h = await historyOf(e.id);
    expect(
      h
        .filter((r) => r.source === 'update')
        .map((r) => r.field)
        .sort(),
    ).toEqual(['received_at', 'received_at', 'reason', 'rent_from', 'size_from', 'stage'].sort());
    expect(h.find((r) => r.field === 'stage' && r.source === 'update')).toMatchObject({
      old_value: 'interest',
      new_value: 'under_offer',
      verified: false,
      user_id: w.users.author.id,
    });
  });

  it('checks the rules on the record as it would be after the edit', async () => {
    const e = await created(w.cookies.author, { size_from: 1000, rent_to: '100' });
    const before = await storedEnquiry(e.id);
    const res = await api.update(w.cookies.author, e.id, { company_id: null, size_to: 10, rent_from: '200' });
    expect(errorsOf(res)).toEqual({
      company_id: [MESSAGES.enquiryContactOrCompany],
      user_id: [MESSAGES.enquiryContactOrCompany],
      size_to: [ENQUIRY_MESSAGES.sizeOrder],
      rent_to: [ENQUIRY_MESSAGES.rentOrder],
    });
    expect(errorsOf(await api.update(w.cookies.author, e.id, { property_id: null, scheme_id: '' }))).toEqual({
      property_id: [ENQUIRY_MESSAGES.subject],
      scheme_id: [ENQUIRY_MESSAGES.subject],
    });
    expect(errorsOf(await api.update(w.cookies.author, e.id, { company_id: 999999 }))).toEqual({
      company_id: [ENQUIRY_MESSAGES.companyMissing],
    });
    expect(errorsOf(await api.update(w.cookies.author, e.id, { scheme_id: w.place.otherScheme }))).toEqual({
      property_id: [ENQUIRY_MESSAGES.propertyNotInScheme],
    });
    expect(await storedEnquiry(e.id)).toEqual(before);
  });

  it('moves an enquiry to another property with its scheme and town', async () => {
    const e = await created(w.cookies.author);
    const moved = (await api.update(w.cookies.author, e.id, { property_id: w.place.shop })).json()
      .data as Enquiry;
    expect(moved).toMatchObject({ property_id: w.place.shop, scheme_id: null, town: 'Manchester' });
    const toScheme = (
      await api.update(w.cookies.author, e.id, { property_id: null, scheme_id: w.place.otherScheme })
    ).json().data as Enquiry;
    expect(toScheme).toMatchObject({ property_id: null, scheme_id: w.place.otherScheme, town: 'Sheffield' });
  });
});

describe('who may edit and delete (ADR 0050)', () => {
  it('the author, the author’s company and admins; others 403 with nothing changed', async () => {
    const e = await created(w.cookies.author);
    const before = await storedEnquiry(e.id);
    const attempts = [
      api.update(w.cookies.stranger, e.id, { stage: 'withdrawn' }),
      api.update(w.cookies.stranger, e.id, { property_id: w.place.shop }),
      api.remove(w.cookies.stranger, e.id),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: ENQUIRY_MESSAGES.forbidden });
    }
    expect(await storedEnquiry(e.id)).toEqual(before);
    expect((await historyOf(e.id)).every((h) => h.source === 'create')).toBe(true);
    const flag = async (cookie: string) =>
      (await api.get(cookie, `/api/enquiries/${e.id}`)).json().data.can_edit;
    expect([
      await flag(w.cookies.author),
      await flag(w.cookies.colleague),
      await flag(w.cookies.admin),
      await flag(w.cookies.stranger),
    ]).toEqual([true, true, true, false]);
    expect((await api.update(w.cookies.colleague, e.id, { stage: 'under_offer' })).statusCode).toBe(200);
    expect((await api.update(w.cookies.admin, e.id, { stage: 'completed' })).statusCode).toBe(200);
    expect((await api.update(w.cookies.author, e.id, { stage: 'withdrawn' })).statusCode).toBe(200);
  });

  it("follows the author's current company", async () => {
    const e = await created(w.cookies.author);
    await (
      await testDb()
    )
      .update(users)
      .set({ company_id: w.co.rival.id })
      .where(eq(users.id, w.users.author.id));
    const before = await storedEnquiry(e.id);
    expect((await api.update(w.cookies.colleague, e.id, { stage: 'withdrawn' })).statusCode).toBe(403);
    expect(await storedEnquiry(e.id)).toEqual(before);
    expect((await api.update(w.cookies.stranger, e.id, { stage: 'withdrawn' })).statusCode).toBe(200);
  });

  it('leaves an enquiry whose author was deleted to admins', async () => {
    const e = await created(w.cookies.author);
    await (await testDb()).delete(users).where(eq(users.id, w.users.author.id));
    const before = await storedEnquiry(e.id);
    expect(before!.created_by).toBeNull();
    expect((await api.remove(w.cookies.colleague, e.id)).statusCode).toBe(403);
    expect((await api.update(w.cookies.colleague, e.id, { stage: 'withdrawn' })).statusCode).toBe(403);
    expect(await storedEnquiry(e.id)).toEqual(before);
    expect((await api.get(w.cookies.colleague, `/api/enquiries/${e.id}`)).json().data).toMatchObject({
      can_edit: false,
      created_by: null,
    });
    expect((await api.remove(w.cookies.admin, e.id)).statusCode).toBe(200);
  });
});

describe('DELETE /api/enquiries/{id}', () => {
  it('deletes the enquiry and its comments, keeping what it held in its history', async () => {
    const e = await created(w.cookies.author, { reason: 'downsize' });
    const db = await testDb();
    await db
      .insert(comments)
      .values({ entity_type: 'enquiry', entity_id: e.id, content: '<p>x</p>', user_id: w.users.author.id });
    const res = await api.remove(w.cookies.colleague, e.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', msg: ENQUIRY_MESSAGES.deleted, data: null });
    expect(await storedEnquiry(e.id)).toBeUndefined();
    expect(await db.select().from(comments).where(eq(comments.entity_id, e.id))).toEqual([]);
    const deleted = (await historyOf(e.id)).filter((h) => h.source === 'delete');
    expect(deleted.find((h) => h.field === 'reason')).toMatchObject({
      old_value: 'downsize',
      new_value: null,
      user_id: w.users.colleague.id,
    });
    expect((await api.remove(w.cookies.colleague, e.id)).statusCode).toBe(404);
    expect((await api.update(w.cookies.admin, e.id, { stage: 'interest' })).statusCode).toBe(404);
  });
});
