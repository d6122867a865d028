import { API_MESSAGES } from '@frontage/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userSettings } from '../src/db/schema';
import {
  XHR,
  buildNotification,
  buildTestApp,
  buildUser,
  forbiddenKeys,
  resetData,
  sessionCookie,
  type TestApp,
} from './helpers';

let t: TestApp;
let cookie: string;
let userId: number;
let otherId: number;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetData();
  userId = (await buildUser({ email: 'n@example.com', password: 'password-123' })).id;
  otherId = (await buildUser({ email: 'other@example.com', password: 'password-123' })).id;
  cookie = await sessionCookie(t.app, 'n@example.com');
});

const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, payload });

describe('notifications', () => {
  it('pages the caller’s notifications newest first with pagination meta', async () => {
    const base = Date.parse('2026-03-01T10:00:00Z');
    for (let i = 0; i < 20; i++) {
      await buildNotification({
        user_id: userId,
        message: `n${i}`,
        created_at: new Date(base + (i % 10) * 60_000),
      });
    }
    await buildNotification({ user_id: otherId, message: 'not yours' });
    const first = await call('GET', '/api/notifications');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.meta.pagination).toEqual({
      total: 20,
      count: 15,
      per_page: 15,
      current_page: 1,
      total_pages: 2,
    });
    expect(body.data.map((n: { message: string }) => n.message).slice(0, 2)).toEqual(['n19', 'n9']);
    // created_at desc, then id desc for ties.
    const keys = body.data.map((n: { created_at: string; id: number }) => [n.created_at, n.id]);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(keys).toEqual(sorted);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      type: 'system',
      message: 'n19',
      entity_type: null,
      entity_id: null,
      url: null,
      read_at: null,
      created_at: '2026-03-01T10:09:00.000Z',
    });
    const second = await call('GET', '/api/notifications?page=2&per_page=15');
    expect(second.json().meta.pagination).toMatchObject({ count: 5, current_page: 2 });
    const beyond = await call('GET', '/api/notifications?page=9');
    expect(beyond.json().data).toEqual([]);
    expect(forbiddenKeys(body)).toEqual([]);
  });

  it('counts unread, marks one read, marks all read', async () => {
    const a = await buildNotification({ user_id: userId });
    await buildNotification({ user_id: userId });
    await buildNotification({ user_id: userId, read_at: new Date() });
    await buildNotification({ user_id: otherId });
    expect((await call('GET', '/api/notifications/unread-count')).json()).toEqual({ unread_count: 2 });
    const read = await call('PUT', `/api/notifications/${a.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.id).toBe(a.id);
    expect(read.json().data.read_at).toMatch(/Z$/);
    expect((await call('GET', '/api/notifications/unread-count/')).json()).toEqual({ unread_count: 1 });
    const all = await call('PUT', '/api/notifications/read-all');
    expect(all.json()).toEqual({
      status: 'success',
      msg: API_MESSAGES.allNotificationsRead,
      data: { updated: 1 },
    });
    expect((await call('GET', '/api/notifications/unread-count')).json()).toEqual({ unread_count: 0 });
    // The other user's stays unread.
    const otherCookie = await sessionCookie(t.app, 'other@example.com');
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: { ...XHR, cookie: otherCookie },
    });
    expect(theirs.json()).toEqual({ unread_count: 1 });
  });

  it('answers 404 for another user’s notification or a missing one, 422 for a bad id', async () => {
    const theirs = await buildNotification({ user_id: otherId });
    for (const id of [theirs.id, 999999]) {
      const res = await call('PUT', `/api/notifications/${id}/read`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: API_MESSAGES.notFound });
    }
    const bad = await call('PUT', '/api/notifications/abc/read');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
  });
});

describe('settings', () => {
  it('sets the theme', async () => {
    const res = await call('PUT', '/api/settings/theme', { theme: 'dark' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { theme: 'dark', hidden_videos: [] } });
    const me = await call('GET', '/api/auth/me');
    expect(me.json().data.settings.theme).toBe('dark');
    const bad = await call('PUT', '/api/settings/theme', { theme: 'purple' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['theme']);
  });

  it('hides a video once', async () => {
    await call('PUT', '/api/settings/hide-video', { video_id: 'intro' });
    await call('PUT', '/api/settings/hide-video', { video_id: 'deals' });
    const res = await call('PUT', '/api/settings/hide-video', { video_id: 'intro' });
    expect(res.json()).toEqual({ data: { theme: 'light', hidden_videos: ['intro', 'deals'] } });
    const bad = await call('PUT', '/api/settings/hide-video', { video_id: '  ' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['video_id']);
  });

  it('creates the settings row when a user has none', async () => {
    await t.db.delete(userSettings).where(eq(userSettings.user_id, userId));
    expect((await call('GET', '/api/auth/me')).json().data.settings).toEqual({
      theme: 'light',
      hidden_videos: [],
    });
    const res = await call('PUT', '/api/settings/hide-video', { video_id: 'intro' });
    expect(res.json().data.hidden_videos).toEqual(['intro']);
  });
});
