/**
 * The Activity timelines (ADR 0091): GET /api/companies/{id}/activity and /api/users/{id}/activity —
 * every kind of item, newest first, "more" paging by an opaque cursor with no item twice and none
 * skipped (ties on one instant across and within sources included), and hostile cursors.
 */
import type { ActivityItem } from '@frontage/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { companies, properties } from '../src/db/schema';
import { buildRecordWorld, get, onDay, recordDeal, type RecordWorld } from './company-record.fixtures';
import { mention } from './fixtures/comment-world';
import { XHR, buildTestApp, sessionCookie, testDb, type TestApp } from './helpers';

let t: TestApp;
let w: RecordWorld;
let carlCookie: string;
let sameDay: number[];
let enquiryId: number;
let mentionId: number;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const send = async (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) => {
  const res = await t.app.inject({ method, url, headers: { ...XHR, cookie }, payload });
  expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
  return res.json().data as { id: number };
};

beforeEach(async () => {
  w = await buildRecordWorld(t);
  carlCookie = await sessionCookie(t.app, w.carl);
  const db = await testDb();
  // Tracked from now on: its tenancy changes are store openings and closures (migration 0018).
  await db.update(companies).set({ core_id: 'TR0000001' }).where(eq(companies.id, w.acme.id));
  await onDay('2024-03-01', (tx) =>
    tx.update(properties).set({ tenant_id: w.acme.id }).where(eq(properties.id, w.u.stranger)),
  );
  await onDay('2024-06-01', (tx) =>
    tx.update(properties).set({ tenant_id: null }).where(eq(properties.id, w.u.tenant)),
  );
  // Three deals on the opening's day: four items on one instant, from two sources.
  sameDay = [];
  for (const role of ['tenant', 'landlord', 'prev_tenant_agent']) {
    sameDay.push(
      await recordDeal(
        {
          deal_type: 'new_letting',
          property_id: w.u.stranger,
          effective_date: '2024-03-01',
          created_by: w.admin.id,
        },
        [
          { role, company_id: w.acme.id },
          { role: 'tenant_contact', user_id: w.carl.id },
        ],
      ),
    );
  }
  await recordDeal({ deal_type: 'sale', property_id: w.u.landlord, effective_date: '2019-05-05' }, [
    { role: 'prev_landlord', company_id: w.acme.id },
  ]);
  enquiryId = (
    await send('POST', '/api/enquiries', w.cookies.agent, {
      property_id: w.u.legal,
      company_id: w.acme.id,
      user_id: w.carl.id,
      stage: 'interest',
    })
  ).id;
  await send('PUT', `/api/enquiries/${enquiryId}`, w.cookies.agent, { stage: 'under_offer' });
  await send('POST', '/api/comments', w.cookies.agent, {
    entity_type: 'company',
    entity_id: w.acme.id,
    content: '<p>Busy <strong>retailer</strong> this year</p>',
  });
  mentionId = (
    await send('POST', '/api/comments', carlCookie, {
      entity_type: 'property',
      entity_id: w.u.landlord,
      content: `<p>Ask ${mention('company', w.acme.id, 'Acme Retail')} and ${mention('user', w.carl.id, 'Carl Contact')}</p>`,
    })
  ).id;
  await send('PUT', `/api/companies/${w.acme.id}`, w.cookies.admin, {
    name: 'Acme Retail Group',
    domain: w.acme.domain,
    phone: '0113 496 0000',
  });
  await send('PUT', `/api/users/${w.carl.id}`, w.cookies.admin, {
    company_id: w.acme.id,
    name: 'Carl Contact',
    email: 'carl@record.test',
    mobile: '07700 900123',
  });
});

const activity = async (url: string, cookie = w.cookies.agent) => {
  const res = await get(t, cookie, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: ActivityItem[]; meta: { next: string | null } };
};

/** Every page of `perPage` items, following meta.next. */
const walk = async (base: string, perPage: number) => {
  const items: ActivityItem[] = [];
  let next: string | null = null;
  for (let n = 0; n < 100; n++) {
    const page = await activity(
      `${base}?per_page=${perPage}${next ? `&before=${encodeURIComponent(next)}` : ''}`,
    );
    items.push(...page.data);
    next = page.meta.next;
    if (!next) return items;
    expect(page.data).toHaveLength(perPage);
  }
  throw new Error('the timeline never ended');
};

const newestFirst = (items: ActivityItem[]) => {
  const at = items.map((i) => i.at);
  expect(at).toEqual([...at].sort().reverse());
};

describe('GET /api/companies/{id}/activity', () => {
  it('shows every kind of item, newest first, with who and what', async () => {
    const { data, meta } = await activity(`/api/companies/${w.acme.id}/activity?per_page=100`);
    expect(meta.next).toBeNull();
    newestFirst(data);
    expect(new Set(data.map((i) => i.kind))).toEqual(
      new Set([
        'deal',
        'store_opened',
        'store_closed',
        'enquiry',
        'enquiry_stage',
        'comment',
        'mention',
        'edit',
      ]),
    );
    const byId = new Map(data.map((i) => [i.id, i]));
    const deal = byId.get(`deal:${sameDay[0]}`)!;
    expect(deal).toMatchObject({
      at: '2024-03-01T00:00:00.000Z',
      actor: { id: w.admin.id, name: 'Ada Admin' },
      summary: 'New Letting at 7 Eta Street, Leeds, LS1 1AA',
      url: `/deals?id=${sameDay[0]}`,
      property: { id: w.u.stranger, label: '7 Eta Street, Leeds, LS1 1AA' },
      deal: { id: sameDay[0], deal_type: 'new_letting' },
      details: ['tenant'],
    });
    // (Tracking began today with the stores it had: openings of today, not asserted here.)
    const opened = data.find((i) => i.kind === 'store_opened' && i.property?.id === w.u.stranger)!;
    expect(opened).toMatchObject({
      at: '2024-03-01T00:00:00.000Z',
      summary: 'Store opened at 7 Eta Street, Leeds, LS1 1AA',
    });
    expect(data.find((i) => i.kind === 'store_closed')).toMatchObject({
      at: '2024-06-01T00:00:00.000Z',
      summary: 'Store closed at Unit 1 1 Alpha Street, Leeds, LS1 1AA',
      url: `/properties?id=${w.u.tenant}`,
    });
    expect(data.find((i) => i.kind === 'enquiry_stage')).toMatchObject({
      enquiry_id: enquiryId,
      actor: { id: w.agent.id, name: 'Jamie Agent' },
      details: ['interest', 'under_offer'],
      summary: 'Enquiry for 2 Beta Street, York, LS1 1AA moved from Interest to Under Offer',
      url: `/enquiries?id=${enquiryId}`,
    });
    expect(data.find((i) => i.kind === 'enquiry')).toMatchObject({
      enquiry_id: enquiryId,
      details: [],
      summary: 'Enquiry recorded for 2 Beta Street, York, LS1 1AA',
    });
    expect(data.find((i) => i.kind === 'comment')).toMatchObject({
      summary: 'Comment on Acme Retail Group: Busy retailer this year',
      url: `/companies/${w.acme.id}`,
    });
    expect(data.find((i) => i.kind === 'mention')).toMatchObject({
      comment_id: mentionId,
      actor: { id: w.carl.id, name: 'Carl Contact' },
      url: `/properties?id=${w.u.landlord}`,
      summary: 'Mentioned in a comment on 3 Gamma Street, Bath, LS1 1AA: Ask @Acme Retail and @Carl Contact',
    });
    expect(data.find((i) => i.kind === 'edit')).toMatchObject({
      actor: { id: w.admin.id, name: 'Ada Admin' },
      details: ['name', 'phone'],
      summary: 'Record edited: name, phone',
      url: null,
    });
    // Not the stranger's deal of another company, nor a deal it had no part in.
    expect(data.filter((i) => i.kind === 'deal')).toHaveLength(4);
  });

  it('pages by the cursor with no item twice and none skipped, ties on one instant included', async () => {
    const all = (await activity(`/api/companies/${w.acme.id}/activity?per_page=100`)).data;
    expect(all.filter((i) => i.at === '2024-03-01T00:00:00.000Z')).toHaveLength(4);
    for (const perPage of [1, 2, 3]) {
      const walked = await walk(`/api/companies/${w.acme.id}/activity`, perPage);
      expect(
        walked.map((i) => i.id),
        `per_page ${perPage}`,
      ).toEqual(all.map((i) => i.id));
    }
  });

  it('moves the edits of a merged-away duplicate to the company it was merged into', async () => {
    await send('PUT', `/api/companies/${w.other.id}`, w.cookies.admin, {
      name: 'Other Company',
      domain: w.other.domain,
    });
    await send('POST', `/api/companies/${w.other.id}/merge`, w.cookies.admin, { target_id: w.acme.id });
    const { data } = await activity(`/api/companies/${w.acme.id}/activity?per_page=100`);
    expect(data.filter((i) => i.kind === 'edit').map((i) => i.details)).toContainEqual(['name']);
  });
});

describe('a timeline of a record that does not exist', () => {
  it('is 404 even where edits naming its id are left (history has no foreign key)', async () => {
    const db = await testDb();
    const gone = w.acme.id + 100_000;
    await queryRows(
      db,
      sql`insert into field_history (entity_type, entity_id, field, old_value, new_value, source)
          values ('company', ${gone}, 'name', '"Old"', '"New"', 'update'),
                 ('contact', ${gone}, 'name', '"Old"', '"New"', 'update')`,
    );
    for (const url of [`/api/companies/${gone}/activity`, `/api/users/${gone}/activity`]) {
      const res = await get(t, w.cookies.agent, url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('GET /api/users/{id}/activity', () => {
  it("shows the contact's deals, enquiries, stage moves, comments, mentions and edits, paged", async () => {
    const { data } = await activity(`/api/users/${w.carl.id}/activity?per_page=100`);
    newestFirst(data);
    expect(
      data
        .filter((i) => i.kind === 'deal')
        .map((i) => i.deal!.id)
        .sort(),
    ).toEqual([...sameDay].sort());
    expect(data.find((i) => i.kind === 'deal')!.details).toEqual(['tenant_contact']);
    expect(data.filter((i) => i.kind === 'enquiry').map((i) => i.enquiry_id)).toEqual([enquiryId]);
    expect(data.filter((i) => i.kind === 'enquiry_stage')).toHaveLength(1);
    // Carl wrote the comment mentioning him: it is his comment, and a mention of him.
    expect(data.find((i) => i.kind === 'comment')).toMatchObject({
      comment_id: mentionId,
      summary: 'Comment on 3 Gamma Street, Bath, LS1 1AA: Ask @Acme Retail and @Carl Contact',
    });
    expect(data.find((i) => i.kind === 'mention')).toMatchObject({ comment_id: mentionId });
    expect(data.find((i) => i.kind === 'edit')).toMatchObject({
      details: ['mobile'],
      summary: 'Record edited: mobile',
    });
    expect(data.some((i) => i.kind === 'store_opened')).toBe(false);
    const walked = await walk(`/api/users/${w.carl.id}/activity`, 2);
    expect(walked.map((i) => i.id)).toEqual(data.map((i) => i.id));
  });

  it("records the contact's own fields, never the account's (ADR 0073)", async () => {
    await send('PUT', `/api/users/${w.carl.id}`, w.cookies.admin, {
      company_id: w.acme.id,
      name: 'Carl Contact',
      email: 'carl@record.test',
      mobile: '07700 900123',
      type: 'admin',
      password: 'a-temporary-password-1',
      can_sign_in: true,
    });
    const rows = await queryRows<{ field: string }>(
      await testDb(),
      sql`select field from field_history where entity_type = 'user' and entity_id = ${w.carl.id} order by id`,
    );
    expect(rows.map((r) => r.field)).toEqual(['mobile']);
  });

  it('keeps only the kinds asked (kind=comment,mention: their comments and mentions), paged the same', async () => {
    const all = (await activity(`/api/users/${w.carl.id}/activity?per_page=100`)).data;
    const talk = all.filter((i) => i.kind === 'comment' || i.kind === 'mention');
    expect(talk.map((i) => i.kind).sort()).toEqual(['comment', 'mention']);
    const { data } = await activity(`/api/users/${w.carl.id}/activity?kind=comment,mention&per_page=100`);
    expect(data.map((i) => i.id)).toEqual(talk.map((i) => i.id));
    // The key repeated is the same list; the cursor pages the filtered feed with nothing skipped.
    const repeated = await activity(`/api/users/${w.carl.id}/activity?kind=comment&kind=mention`);
    expect(repeated.data.map((i) => i.id)).toEqual(talk.map((i) => i.id));
    const first = await activity(`/api/users/${w.carl.id}/activity?kind=comment,mention&per_page=1`);
    expect(first.data.map((i) => i.id)).toEqual([talk[0]!.id]);
    const second = await activity(
      `/api/users/${w.carl.id}/activity?kind=comment,mention&per_page=1&before=${encodeURIComponent(first.meta.next!)}`,
    );
    expect(second.data.map((i) => i.id)).toEqual([talk[1]!.id]);
    expect(second.meta.next).toBeNull();
    // A kind no source of a contact answers is an empty page; `kind=` alone is every kind.
    expect(await activity(`/api/users/${w.carl.id}/activity?kind=store_opened`)).toEqual({
      data: [],
      meta: { next: null },
    });
    expect((await activity(`/api/users/${w.carl.id}/activity?kind=&per_page=100`)).data).toHaveLength(
      all.length,
    );
    // One of the store kinds of a company: the other's rows are left out.
    const opened = (await activity(`/api/companies/${w.acme.id}/activity?kind=store_opened&per_page=100`))
      .data;
    expect(opened.length).toBeGreaterThan(0);
    expect(new Set(opened.map((i) => i.kind))).toEqual(new Set(['store_opened']));
    const closed = (await activity(`/api/companies/${w.acme.id}/activity?kind=store_closed&per_page=100`))
      .data;
    expect(closed.map((i) => i.kind)).toEqual(['store_closed']);
    const bad = await get(t, w.cookies.agent, `/api/users/${w.carl.id}/activity?kind=gossip`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^kind/);
  });

  it('answers an empty timeline with no next page', async () => {
    const res = await activity(`/api/users/${w.admin.id}/activity`);
    expect(res).toEqual({ data: [], meta: { next: null } });
  });
});

describe('hostile cursors and sizes', () => {
  const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  it('refuses a cursor it did not give with 422 on before, never 500', async () => {
    const first = await activity(`/api/companies/${w.acme.id}/activity?per_page=2`);
    expect(first.meta.next).toMatch(/^[A-Za-z0-9_-]+$/);
    const bad = [
      'garbage!',
      '%00',
      `${first.meta.next}%00`,
      first.meta.next!.slice(0, -3),
      'A'.repeat(101),
      cursor(['2026-02-30T00:00:00.000000Z', 1, 1]),
      cursor(['2024-03-01T00:00:00.000000Z', 9, 1]),
      cursor(['2024-03-01T00:00:00.000000Z', 1, -1]),
      cursor(['2024-03-01T00:00:00.000000Z', 1, 2 ** 60]),
      cursor(['2024-03-01', 1, 1]),
      cursor({ at: '2024-03-01T00:00:00.000000Z' }),
      cursor(["2024-03-01T00:00:00.000000Z'; drop table deals; --", 1, 1]),
    ];
    for (const before of bad) {
      const res = await get(t, w.cookies.agent, `/api/companies/${w.acme.id}/activity?before=${before}`);
      expect(res.statusCode, before).toBe(422);
      expect(Object.keys(res.json().errors), before).toEqual(['before']);
    }
    for (const q of ['per_page=0', 'per_page=101', 'per_page=x']) {
      expect((await get(t, w.cookies.agent, `/api/users/${w.carl.id}/activity?${q}`)).statusCode, q).toBe(
        422,
      );
    }
    // A well-formed key of any instant is a page (nothing before 1990 here).
    const old = await activity(
      `/api/companies/${w.acme.id}/activity?before=${cursor(['1990-01-01T00:00:00.000000Z', 1, 1])}`,
    );
    expect(old).toEqual({ data: [], meta: { next: null } });
    // The cursor that spelled SQL was refused before any query: the deals are all there.
    expect(await queryRows(await testDb(), sql`select count(*)::int as n from deals`)).toEqual([{ n: 4 }]);
  });
});
