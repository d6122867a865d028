/**
 * Help videos (ADR 0063): a page's videos for every user, minus those the user
 * hid for good through PUT /api/settings/hide-video; the admin's CRUD under /api/core/videos, which
 * everyone else is refused with nothing written; and bad input refused with a 422.
 */
import { VIDEO_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { videos } from '../src/db/schema';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  tableFingerprint,
  testDb,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'videos-password-1';
let admin: string;
let agent: string;

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

const FILE = 'https://cdn.example.com/help/map-intro.mp4';

beforeEach(async () => {
  await resetData();
  const platform = await buildCompany({ name: 'Frontage Research' });
  const agency = await buildCompany({ name: 'Savills' });
  await buildUser({ email: 'admin@example.com', password: PW, type: 'admin', company_id: platform.id });
  await buildUser({ email: 'agent@example.com', password: PW, company_id: agency.id });
  admin = await sessionCookie(t.app, 'admin@example.com');
  agent = await sessionCookie(t.app, 'agent@example.com');
  const db = await testDb();
  // Inserted out of order: the list follows sort_order, then id.
  await db.insert(videos).values([
    { route: '/properties', video_id: 'secondVid01', video_name: 'Filters', sort_order: 2 },
    { route: '/properties', video_id: 'firstVid001', video_name: 'Finding properties', sort_order: 1 },
    { route: '/map', video_id: FILE, video_name: 'The map', sort_order: 0 },
  ]);
});

const namesOn = async (route: string, cookie = agent) => {
  const res = await call('GET', `/api/videos?route=${encodeURIComponent(route)}`, cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Array<{ video_name: string }> }).data.map((v) => v.video_name);
};

describe('GET /api/videos', () => {
  it("lists the page's videos in order; an unknown page has none", async () => {
    expect(await namesOn('/properties')).toEqual(['Finding properties', 'Filters']);
    expect(await namesOn('/properties/')).toEqual(['Finding properties', 'Filters']);
    expect(await namesOn('/map')).toEqual(['The map']);
    expect(await namesOn('/nowhere')).toEqual([]);
    const res = await call('GET', '/api/videos?route=/map', agent);
    expect(res.json().data[0]).toMatchObject({ video_id: FILE, route: '/map', sort_order: 0 });
  });

  it('no longer offers a video the user hid for good — to that user only', async () => {
    const hide = await call('PUT', '/api/settings/hide-video', agent, { video_id: 'firstVid001' });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().data.hidden_videos).toEqual(['firstVid001']);
    expect(await namesOn('/properties')).toEqual(['Filters']);
    expect(await namesOn('/properties', admin)).toEqual(['Finding properties', 'Filters']);
    // A file's URL is a video_id too.
    expect((await call('PUT', '/api/settings/hide-video', agent, { video_id: FILE })).statusCode).toBe(200);
    expect(await namesOn('/map')).toEqual([]);
  });

  it('needs a session and a route', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/videos?route=/map', headers: XHR })).statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/videos', agent)).statusCode).toBe(422);
  });
});

describe('/api/core/videos (admin)', () => {
  it('creates, lists, changes and deletes a video', async () => {
    const made = await call('POST', '/api/core/videos', admin, {
      video_id: '  dQw4w9WgXcQ ',
      video_name: 'Deals',
      route: '/deals/',
      sort_order: 3,
    });
    expect(made.statusCode).toBe(201);
    const video = made.json().data;
    expect(video).toMatchObject({
      video_id: 'dQw4w9WgXcQ',
      video_name: 'Deals',
      route: '/deals',
      sort_order: 3,
    });
    expect(await namesOn('/deals')).toEqual(['Deals']);

    const listed = await call('GET', '/api/core/videos', admin);
    expect(listed.statusCode).toBe(200);
    expect(
      listed.json().data.map((v: { route: string; video_name: string }) => `${v.route} ${v.video_name}`),
    ).toEqual(['/deals Deals', '/map The map', '/properties Finding properties', '/properties Filters']);

    const changed = await call('PUT', `/api/core/videos/${video.id}`, admin, {
      video_id: 'https://videos.example.org/deals.webm',
      video_name: 'Recording a deal',
      route: '/properties',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ route: '/properties', sort_order: 0 });
    expect(await namesOn('/properties')).toEqual(['Recording a deal', 'Finding properties', 'Filters']);
    expect(await namesOn('/deals')).toEqual([]);

    const gone = await call('DELETE', `/api/core/videos/${video.id}`, admin);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().msg).toBe(VIDEO_MESSAGES.deleted);
    expect(await namesOn('/properties')).toEqual(['Finding properties', 'Filters']);
    expect((await call('DELETE', `/api/core/videos/${video.id}`, admin)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `/api/core/videos/${video.id}`, admin, {
          video_id: 'abcdef',
          video_name: 'x',
          route: '/',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses an agent every call, with nothing written', async () => {
    const db = await testDb();
    const [first] = await db.select().from(videos).limit(1);
    const before = await tableFingerprint();
    const body = { video_id: 'abcdefgh', video_name: 'Sneaky', route: '/properties' };
    expect((await call('GET', '/api/core/videos', agent)).statusCode).toBe(403);
    expect((await call('POST', '/api/core/videos', agent, body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/core/videos/${first!.id}`, agent, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/core/videos/${first!.id}`, agent)).statusCode).toBe(403);
    expect(await tableFingerprint()).toEqual(before);
  });

  it('refuses bad input with a 422 on the field, and writes nothing', async () => {
    const good = { video_id: 'abcdefgh', video_name: 'Help', route: '/properties' };
    const before = await tableFingerprint();
    const cases: Array<[object, string]> = [
      [{ ...good, route: 'properties' }, 'route'],
      [{ ...good, route: '/properties?tab=1' }, 'route'],
      [{ ...good, route: '/a b' }, 'route'],
      [{ ...good, video_id: 'abc' }, 'video_id'],
      [{ ...good, video_id: 'http://example.com/v.mp4' }, 'video_id'],
      [{ ...good, video_id: 'javascript:alert(1)' }, 'video_id'],
      [{ ...good, video_id: '<script>x</script>' }, 'video_id'],
      [{ ...good, video_id: `https://example.com/${'v'.repeat(400)}.mp4` }, 'video_id'],
      [{ ...good, video_name: '   ' }, 'video_name'],
      [{ ...good, sort_order: -1 }, 'sort_order'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/core/videos', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    // Hostile bytes: a NUL and an unpaired surrogate are a 422, never a 500.
    for (const video_name of ['Help\u0000me', 'Help \ud800']) {
      const res = await call('POST', '/api/core/videos', admin, { ...good, video_name });
      expect(res.statusCode).toBe(422);
    }
    expect((await call('GET', '/api/videos?route=%2Fmap%00', agent)).statusCode).toBe(422);
    expect(await tableFingerprint()).toEqual(before);
    expect((await call('POST', '/api/core/videos', admin, good)).statusCode).toBe(201);
  });
});
