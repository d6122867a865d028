import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDate, REMINDER_PREFERENCES_DEFAULT } from '@frontage/shared';
import { queryRows } from '../src/db/client';
import { startJobLayer, type JobLayer } from '../src/jobs';
import { declareReminderJobs, workReminderJobs } from '../src/modules/reminders/reminders.jobs';
import {
  deliverChanged,
  deliverUnits,
  sweep,
  todayInLondon,
} from '../src/modules/reminders/reminders.service';
import { WAIT_MS, XHR, buildTestApp, buildUser, resetData, sessionCookie, type TestApp } from './helpers';
import { addDays, companyWithUsers, letUnits, putEvents, sentCount } from './reminders.fixtures';

// The real clock: lease events are worked out against the database's current date.
const NOW = new Date();
const TODAY = todayInLondon(NOW);
const shown = (days: number) => formatDate(addDays(TODAY, days));

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetData();
});

const notes = (userId: number) =>
  queryRows<{ message: string; url: string; entity_id: number; data: Record<string, unknown> }>(
    t.db,
    sql`select message, url, entity_id, data from notifications where user_id = ${userId} and type = 'lease_reminder' order by id`,
  );

describe('reminder preferences', () => {
  let cookie: string;
  beforeEach(async () => {
    await buildUser({ email: 'r@example.com', password: 'password-123' });
    cookie = await sessionCookie(t.app, 'r@example.com');
  });
  const call = (method: 'GET' | 'PUT', payload?: unknown, c = cookie) =>
    t.app.inject({
      method,
      url: '/api/settings/reminders',
      headers: { ...XHR, cookie: c },
      payload: payload as object,
    });

  it('answers the defaults until the user saves, then what they saved (offsets latest first)', async () => {
    const first = await call('GET');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      ...REMINDER_PREFERENCES_DEFAULT,
      email_unsubscribed_at: null,
      email_available: false,
    });
    const body = {
      scopes: ['mine'],
      hard: true,
      soft: false,
      hard_offsets: [7, 365, 0],
      soft_offsets: [],
      email: false,
    };
    const put = await call('PUT', body);
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ ...body, hard_offsets: [365, 7, 0] });
    expect((await call('GET')).json().data).toMatchObject({ ...body, hard_offsets: [365, 7, 0] });
  });

  it('refuses bad and hostile input with 422 and changes nothing', async () => {
    const ok = {
      scopes: ['mine'],
      hard: true,
      soft: true,
      hard_offsets: [30],
      soft_offsets: [90],
      email: true,
    };
    const bad: unknown[] = [
      { ...ok, hard_offsets: [731] },
      { ...ok, hard_offsets: [-1] },
      { ...ok, soft_offsets: [1.5] },
      { ...ok, soft_offsets: ['30'] },
      { ...ok, hard_offsets: [30, 30] },
      { ...ok, hard_offsets: Array.from({ length: 13 }, (_, i) => i) },
      { ...ok, hard_offsets: [1e308] },
      { ...ok, scopes: ['everyone'] },
      { ...ok, scopes: ['mi\u0000ne'] },
      { ...ok, email: 'yes' },
      { ...ok, extra: 1 },
      { ...ok, hard: undefined },
      [],
      null,
    ];
    for (const payload of bad) {
      const res = await call('PUT', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await call('GET')).json().data.hard_offsets).toEqual([
      ...REMINDER_PREFERENCES_DEFAULT.hard_offsets,
    ]);
  });

  it('is behind the session', async () => {
    expect((await call('GET', undefined, '')).statusCode).toBe(401);
    expect((await call('PUT', {}, '')).statusCode).toBe(401);
  });
});

describe('the sweep', () => {
  it('delivers each due reminder once, to the users whose units they are, and a second sweep nothing', async () => {
    const tenant = await companyWithUsers(t.db, 'Boots', 2);
    const creator = await companyWithUsers(t.db, 'Agency', 1);
    const stranger = await companyWithUsers(t.db, 'Elsewhere', 1);
    const [unit] = await letUnits(t.db, 1, tenant.companyId, creator.userIds[0]);
    // Hard: 180/90/30 have passed, 7 has not: only the latest passed (30) is sent.
    await putEvents(t.db, [unit!], 'break_notice_deadline', addDays(TODAY, 20));
    // Soft: 90 days before has not come yet.
    await putEvents(t.db, [unit!], 'rent_review', addDays(TODAY, 120), { hard: false });
    // Past events are not reminded.
    await putEvents(t.db, [unit!], 'lease_expiry', addDays(TODAY, -1));

    expect(await sweep(t.app.services)).toBe(1);
    for (const id of [...tenant.userIds, ...creator.userIds]) {
      const got = await notes(id);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({
        message: `Break notice deadline: Unit 1, 12 High Street, Leeds, LS1 1AA, ${shown(20)} (in 20 days)`,
        url: `/properties?id=${unit}`,
        entity_id: unit,
        data: {
          event_id: `${unit}-break_notice_deadline-0`,
          offset_days: 30,
          event_date: addDays(TODAY, 20),
        },
      });
    }
    expect(await notes(stranger.userIds[0]!)).toHaveLength(0);
    await sweep(t.app.services);
    await deliverUnits(t.app.services, [unit!]);
    expect(await sentCount(t.db)).toEqual({ sent: 3, notes: 3, dupes: 0 });
  });

  it('reminds again for an event whose date moved, once, and through the change check', async () => {
    const tenant = await companyWithUsers(t.db, 'Boots', 1);
    const [unit] = await letUnits(t.db, 1, tenant.companyId);
    await putEvents(t.db, [unit!], 'lease_expiry', addDays(TODAY, 25));
    await sweep(t.app.services);
    await putEvents(t.db, [unit!], 'lease_expiry', addDays(TODAY, 60));
    expect(await deliverChanged(t.app.services)).toBe(1);
    await sweep(t.app.services);
    const got = await notes(tenant.userIds[0]!);
    expect(got.map((n) => [n.data.event_date, n.data.offset_days])).toEqual([
      [addDays(TODAY, 25), 30],
      [addDays(TODAY, 60), 90],
    ]);
  });

  it('follows the lease: an expiry worked out from the unit, and moved by an edit of its end date', async () => {
    const tenant = await companyWithUsers(t.db, 'Boots', 1);
    const [unit] = await letUnits(t.db, 1, tenant.companyId);
    await queryRows(
      t.db,
      sql`update properties set lease_end_date = ${addDays(TODAY, 20)} where id = ${unit}`,
    );
    // As though the lease had been in the app for a year (a lease recorded today is the next test's).
    await queryRows(
      t.db,
      sql`update lease_event_log set known_since = now() - interval '1 year' where property_id = ${unit}`,
    );
    await sweep(t.app.services);
    await queryRows(
      t.db,
      sql`update properties set lease_end_date = ${addDays(TODAY, 80)} where id = ${unit}`,
    );
    expect(await deliverChanged(t.app.services)).toBe(1);
    expect(await deliverChanged(t.app.services)).toBe(1);
    // The expiry (hard) and the holding-over the day after (soft) are both reminded; the expiry's:
    const got = (await notes(tenant.userIds[0]!)).filter((n) => n.data.event_id === `${unit}-lease_expiry-0`);
    expect(got.map((n) => [n.data.event_id, n.data.event_date, n.data.offset_days])).toEqual([
      [`${unit}-lease_expiry-0`, addDays(TODAY, 20), 30],
      [`${unit}-lease_expiry-0`, addDays(TODAY, 80), 90],
    ]);
  });

  it('catches up no reminder day from before the event appeared or the user joined: a portfolio entered today is not a flood', async () => {
    const tenant = await companyWithUsers(t.db, 'Boots', 1);
    const units = await letUnits(t.db, 3, tenant.companyId);
    // Entered today, as the demo seed or an import does: the expiries are 20, 30 and 200 days off.
    for (const [i, days] of [20, 30, 200].entries()) {
      await queryRows(
        t.db,
        sql`update properties set lease_end_date = ${addDays(TODAY, days)} where id = ${units[i]!}`,
      );
    }
    await sweep(t.app.services);
    const expiries = async (userId: number) =>
      (await notes(userId))
        .filter((n) => String(n.data.event_id).endsWith('-lease_expiry-0'))
        .map((n) => [n.data.event_id, n.data.offset_days]);
    // Only the expiry whose 30-day reminder is today: the 20-day one's reminder days (30, 90, 180
    // days before) all passed before it was entered, and the 200-day one has none yet.
    expect(await expiries(tenant.userIds[0]!)).toEqual([[`${units[1]}-lease_expiry-0`, 30]]);

    // A colleague who joins today, on events known for a year, is not sent their past days either.
    await queryRows(t.db, sql`update lease_event_log set known_since = now() - interval '1 year'`);
    const [joined] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into users (name, company_id, password_hash) values ('New colleague', ${tenant.companyId}, 'x') returning id`,
    );
    await sweep(t.app.services);
    expect(await expiries(joined!.id)).toEqual([[`${units[1]}-lease_expiry-0`, 30]]);
    // …while the one who has been here all along now hears of the 20-day expiry (its 30-day day).
    expect(await expiries(tenant.userIds[0]!)).toEqual([
      [`${units[1]}-lease_expiry-0`, 30],
      [`${units[0]}-lease_expiry-0`, 30],
    ]);

    // Re-let after a vacancy: the event comes back as new, its past days not caught up again.
    await queryRows(t.db, sql`update properties set tenant_id = null where id = ${units[0]!}`);
    await queryRows(
      t.db,
      sql`update properties set tenant_id = ${tenant.companyId}, lease_end_date = ${addDays(TODAY, 25)} where id = ${units[0]!}`,
    );
    const [log] = await queryRows<{ fresh: boolean }>(
      t.db,
      sql`select known_since > now() - interval '1 hour' as fresh from lease_event_log
           where property_id = ${units[0]!} and type = 'lease_expiry'`,
    );
    expect(log!.fresh).toBe(true);
  });

  it('does not remind of an event done or dismissed on its date, and does once its date moves', async () => {
    const tenant = await companyWithUsers(t.db, 'Boots', 1);
    const [a, b] = await letUnits(t.db, 2, tenant.companyId);
    await putEvents(t.db, [a!, b!], 'break_date', addDays(TODAY, 10));
    await queryRows(
      t.db,
      sql`insert into lease_event_actions (property_id, type, seq, date, status, reason)
          values (${a}, 'break_date', 0, ${addDays(TODAY, 10)}, 'done', null),
                 (${b}, 'break_date', 0, ${addDays(TODAY, 10)}, 'dismissed', 'Tenant confirmed no break')`,
    );
    await sweep(t.app.services);
    expect(await notes(tenant.userIds[0]!)).toHaveLength(0);
    await putEvents(t.db, [a!], 'break_date', addDays(TODAY, 11));
    await sweep(t.app.services);
    expect((await notes(tenant.userIds[0]!)).map((n) => n.entity_id)).toEqual([a]);
  });

  it('follows each user’s preferences: scopes, kinds and offsets', async () => {
    const tenant = await companyWithUsers(t.db, 'Boots', 2);
    const [unit] = await letUnits(t.db, 1, tenant.companyId);
    const [softOnly, notMine] = tenant.userIds;
    await queryRows(
      t.db,
      sql`insert into reminder_preferences (user_id, scopes, hard, soft, hard_offsets, soft_offsets, email, unsubscribe_token)
          values (${softOnly}, '{my_company}', false, true, '{7}', '{200}', false, 'a'),
                 (${notMine}, '{mine}', true, true, '{180}', '{200}', false, 'b')`,
    );
    await putEvents(t.db, [unit!], 'lease_expiry', addDays(TODAY, 100));
    await putEvents(t.db, [unit!], 'rent_review', addDays(TODAY, 150), { hard: false });
    await sweep(t.app.services);
    expect((await notes(softOnly!)).map((n) => n.message)).toEqual([
      `Rent review: Unit 1, 12 High Street, Leeds, LS1 1AA, ${shown(150)} (in 150 days)`,
    ]);
    expect(await notes(notMine!)).toHaveLength(0);
  });
});

describe('in the bell', () => {
  /** The stream's `unread` counts as they arrive, over a real connection (as the web app reads it). */
  const openUnreadStream = async (base: string, cookie: string) => {
    const ctrl = new AbortController();
    const res = await fetch(`${base}/api/notifications/stream`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: ctrl.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const counts: number[] = [];
    const next = async (): Promise<number> => {
      const deadline = Date.now() + WAIT_MS;
      while (!counts.length) {
        if (Date.now() > deadline) throw new Error('no unread count in time');
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
        let i: number;
        while ((i = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (block.startsWith('event: unread') && data) counts.push(JSON.parse(data.slice(6)).unread_count);
        }
      }
      return counts.shift()!;
    };
    const close = () => {
      void reader.cancel().catch(() => undefined);
      ctrl.abort();
    };
    return { next, close };
  };

  it('reaches an open notification stream live when the sweep delivers it', async () => {
    const live = await buildTestApp({ now: () => NOW });
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = live.app.server.address() as AddressInfo;
      const tenant = await companyWithUsers(t.db, 'Boots', 1, 'bell');
      const [unit] = await letUnits(t.db, 1, tenant.companyId);
      await putEvents(t.db, [unit!], 'break_notice_deadline', addDays(TODAY, 25));
      const cookie = await sessionCookie(live.app, 'bell1@example.com');
      const stream = await openUnreadStream(`http://127.0.0.1:${port}`, cookie);
      try {
        expect(await stream.next()).toBe(0);
        // The sweep of another app over the same database, as a worker process runs it.
        expect(await sweep(t.app.services)).toBe(1);
        expect(await stream.next()).toBe(1);
        const list = await live.app.inject({
          method: 'GET',
          url: '/api/notifications',
          headers: { ...XHR, cookie },
        });
        expect(list.json().data).toEqual([
          expect.objectContaining({
            type: 'lease_reminder',
            message: `Break notice deadline: Unit 1, 12 High Street, Leeds, LS1 1AA, ${shown(25)} (in 25 days)`,
            url: `/properties?id=${unit}`,
            read_at: null,
          }),
        ]);
      } finally {
        stream.close();
      }
    } finally {
      const closing = live.close();
      // An aborted fetch may leave an idle keep-alive socket the server would wait out.
      live.app.server.closeAllConnections();
      await closing;
    }
  });
});

describe('e-mail', () => {
  let smtp: SMTPServer;
  let port: number;
  const inbox: ParsedMail[] = [];
  let jobs: JobLayer | undefined;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _session, done) => {
        simpleParser(stream)
          .then((m) => inbox.push(m))
          .then(() => done(), done);
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await jobs?.stop({ graceful: false });
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('arrives at a real SMTP server with the unit’s link; its unsubscribe link turns e-mail off, the profile on again', async () => {
    const mailApp = await buildTestApp({
      now: () => NOW,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Frontage <reminders@frontage.example>',
        PUBLIC_URL: 'https://frontage.example',
      },
    });
    try {
      jobs = await startJobLayer(mailApp.db, { maintenanceIntervalSeconds: 1 });
      await declareReminderJobs(jobs, 30);
      const deps = { ...mailApp.app.services, jobs };
      await workReminderJobs(jobs, deps, { pollingIntervalSeconds: 0.5 });

      const tenant = await companyWithUsers(mailApp.db, 'Boots', 1, 'boots');
      const [unit] = await letUnits(mailApp.db, 1, tenant.companyId);
      await putEvents(mailApp.db, [unit!], 's27_deadline', addDays(TODAY, 7));
      expect(await deliverUnits(deps, [unit!])).toBe(1);
      const deadline = Date.now() + WAIT_MS;
      while (!inbox.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(inbox).toHaveLength(1);
      const mail = inbox[0]!;
      expect(mail.subject).toBe(
        `Reminder: s27 notice deadline: Unit 1, 12 High Street, Leeds, LS1 1AA, ${shown(7)} (in 7 days)`,
      );
      expect((mail.to as { text: string }).text).toBe('boots1@example.com');
      expect(mail.text).toContain(`https://frontage.example/properties?id=${unit}`);
      expect(mail.html).toContain(`href="https://frontage.example/properties?id=${unit}"`);
      const link = /https:\/\/frontage\.example(\/api\/reminders\/unsubscribe\/[\w-]+)/.exec(
        mail.text ?? '',
      )![1]!;
      // The job records the send once the SMTP server has answered, which can be after the
      // server has handed the message on (it arrived in the inbox above): wait for the record.
      const sentAt = async () =>
        (await queryRows<{ sent_at: Date | null }>(mailApp.db, sql`select sent_at from reminder_emails`))[0]
          ?.sent_at ?? null;
      while (!(await sentAt()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await sentAt()).not.toBeNull();

      // The link works without a session or the XHR header (a mail client opens it).
      const off = await mailApp.app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
      expect(off.statusCode).toBe(200);
      expect(off.body).toContain('Reminder e-mails turned off');
      expect(off.headers['content-type']).toMatch(/^text\/html/);
      const again = await mailApp.app.inject({ method: 'GET', url: link });
      expect(again.json().msg).toMatch(/no more lease event reminder e-mails/);
      expect(
        (await mailApp.app.inject({ method: 'GET', url: '/api/reminders/unsubscribe/' + 'x'.repeat(32) }))
          .statusCode,
      ).toBe(404);
      expect(
        (await mailApp.app.inject({ method: 'GET', url: '/api/reminders/unsubscribe/%00' })).statusCode,
      ).toBe(422);

      // Signed in, the profile shows the unsubscribe and turns e-mail back on.
      const cookie = await sessionCookie(mailApp.app, 'boots1@example.com');
      const get = await mailApp.app.inject({
        method: 'GET',
        url: '/api/settings/reminders',
        headers: { ...XHR, cookie },
      });
      expect(get.json().data).toMatchObject({ email: false, email_available: true });
      expect(get.json().data.email_unsubscribed_at).not.toBeNull();
      const { email_unsubscribed_at: _u, email_available: _a, ...prefs } = get.json().data;
      const on = await mailApp.app.inject({
        method: 'PUT',
        url: '/api/settings/reminders',
        headers: { ...XHR, cookie },
        payload: { ...prefs, email: true },
      });
      expect(on.json().data).toMatchObject({ email: true, email_unsubscribed_at: null });

      // The next reminder (a nearer offset) is e-mailed again.
      await putEvents(mailApp.db, [unit!], 's27_deadline', addDays(TODAY, 3));
      await deliverUnits(deps, [unit!]);
      while (inbox.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(inbox).toHaveLength(2);
    } finally {
      await jobs?.stop({ graceful: false });
      jobs = undefined;
      await mailApp.close();
    }
  });
});
