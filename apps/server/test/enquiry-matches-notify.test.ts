/**
 * The vacancy notification (ADR 0053): a deal that leaves a let unit vacant tells
 * the authors of the live enquiries it now matches — once per author, never the actor — through
 * the notifications and the live bell; a unit that matches nothing, or a deal that keeps the
 * tenant, tells no one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settleAfterCommit } from '../src/events/after-commit';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  type TestApp,
} from './helpers';
import { buildMatchEnquiry, buildUnit, NOW } from './enquiry-matches.fixtures';

const PW = 'vacancy-password-1';
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  const closing = t.close();
  t.app.server.closeAllConnections();
  await closing;
});
beforeEach(() => resetData());

const world = async () => {
  const boots = await buildCompany({ name: 'Boots' });
  const greggs = await buildCompany({ name: 'Greggs' });
  const admin = await buildUser({
    name: 'Alex Admin',
    email: 'admin@vacancy.test',
    password: PW,
    type: 'admin',
  });
  const author = await buildUser({ name: 'Ann Author', email: 'ann@vacancy.test', password: PW });
  const other = await buildUser({ name: 'Owen Other', email: 'owen@vacancy.test', password: PW });
  const unit = await buildUnit({
    building_num: 'Unit 4',
    street: '12 High Street',
    tenant_id: greggs.id,
    nia_sqrt: '1500',
    rent_pa: '30000',
    lease_end_date: '2031-01-01',
  });
  const subject = await buildUnit({ nia_sqrt: '1500', tenant_id: greggs.id });
  const adminCookie = await sessionCookie(t.app, admin);
  const authorCookie = await sessionCookie(t.app, author);
  const otherCookie = await sessionCookie(t.app, other);
  return { boots, greggs, admin, author, other, unit, subject, adminCookie, authorCookie, otherCookie };
};

const notificationsOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { ...XHR, cookie } })).json()
    .data as Array<{ type: string; message: string; url: string; entity_type: string; entity_id: number }>;

const vacate = (cookie: string, propertyId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/deals',
    headers: { ...XHR, cookie },
    payload: {
      deal_type: 'tracked_retailer',
      property_id: propertyId,
      effective_date: '2026-06-01',
      tenant_id: '',
    },
  });

/** The first `unread` event after the one sent on connect. */
const nextUnread = async (cookie: string, act: () => Promise<unknown>): Promise<string> => {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: ctrl.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const events: string[] = [];
  try {
    let acted = false;
    while (events.length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let i: number;
      while ((i = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (block.includes('event: unread') && data) events.push(data.slice(6));
      }
      if (events.length === 1 && !acted) {
        acted = true;
        await act();
      }
    }
  } finally {
    void reader.cancel().catch(() => undefined);
    ctrl.abort();
  }
  return events[1]!;
};

describe('a deal that vacates a unit', () => {
  it('tells each author of a matching live enquiry once, not the actor, live in the bell', async () => {
    const w = await world();
    const first = await buildMatchEnquiry({
      property_id: w.subject.id,
      company_id: w.boots.id,
      size_from: '1000',
      size_to: '2000',
      created_by: w.author.id,
      received_at: '2026-05-10',
    });
    await buildMatchEnquiry({
      property_id: w.subject.id,
      created_by: w.author.id,
      received_at: '2026-05-01',
    });
    await buildMatchEnquiry({ property_id: w.subject.id, created_by: w.admin.id }); // the actor's own
    await buildMatchEnquiry({ property_id: w.subject.id, created_by: w.other.id, size_from: '3000' }); // too big
    await buildMatchEnquiry({ property_id: w.subject.id, created_by: w.other.id, stage: 'withdrawn' });

    const unread = await nextUnread(w.authorCookie, async () => {
      const res = await vacate(w.adminCookie, w.unit.id);
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(unread).toBe('{"unread_count":1}');
    await settleAfterCommit();

    const mine = await notificationsOf(w.authorCookie);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'enquiry_match',
      message:
        'Unit 4, 12 High Street, Leeds, LS1 1AA is now vacant and matches your enquiry for Boots (and 1 more of your enquiries)',
      entity_type: 'enquiry',
      entity_id: first.id,
      url: `/enquiries?id=${first.id}&type=enquiry`,
    });
    expect(await notificationsOf(w.adminCookie)).toEqual([]);
    expect(await notificationsOf(w.otherCookie)).toEqual([]);
  });

  it('tells no one when the vacated unit matches nothing, or when the deal keeps the tenant', async () => {
    const w = await world();
    await buildMatchEnquiry({ property_id: w.subject.id, created_by: w.author.id, size_to: '1000' });
    expect((await vacate(w.adminCookie, w.unit.id)).statusCode).toBe(201);
    await settleAfterCommit();

    const matching = await buildMatchEnquiry({ property_id: w.subject.id, created_by: w.other.id });
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: { ...XHR, cookie: w.adminCookie },
      payload: {
        deal_type: 'rent_review',
        property_id: w.subject.id,
        effective_date: '2026-06-01',
        rent_pa: '35000',
      },
    });
    expect(review.statusCode, review.body).toBe(201);
    await settleAfterCommit();
    expect(await notificationsOf(w.authorCookie)).toEqual([]);
    expect(await notificationsOf(w.otherCookie)).toEqual([]);
    expect(matching.id).toBeGreaterThan(0);
  });

  it('a vacant unit vacated again (no tenant before) tells no one', async () => {
    const w = await world();
    const empty = await buildUnit({ nia_sqrt: '1500' });
    await buildMatchEnquiry({ property_id: w.subject.id, created_by: w.author.id });
    expect((await vacate(w.adminCookie, empty.id)).statusCode).toBe(201);
    await settleAfterCommit();
    expect(await notificationsOf(w.authorCookie)).toEqual([]);
  });
});
