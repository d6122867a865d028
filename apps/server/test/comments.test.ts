import { COMMENT_MESSAGES } from '@frontage/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commentLinks, comments, notifications } from '../src/db/schema';
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
import { buildComment, buildEnquiry, buildProperty, buildScheme, mention } from './fixtures/comment-world';

const PASSWORD = 'comment-password-1';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetData());

const setup = async () => {
  const company = await buildCompany({ name: 'Morgan Retail Research' });
  const admin = await buildUser({
    name: 'Alex Morgan',
    email: 'alex@example.com',
    password: PASSWORD,
    type: 'admin',
    company_id: company.id,
  });
  const agent = await buildUser({
    name: 'Jamie Patel',
    email: 'jamie@example.com',
    password: PASSWORD,
    company_id: company.id,
  });
  const other = await buildUser({ name: 'Sam Lee', email: 'sam@example.com', password: PASSWORD });
  const property = await buildProperty({ building_num: '12', street: 'High Street', city: 'Leeds' });
  return {
    company,
    admin,
    agent,
    other,
    property,
    as: {
      admin: await sessionCookie(t.app, admin),
      agent: await sessionCookie(t.app, agent),
      other: await sessionCookie(t.app, other),
    },
  };
};

const post = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/comments', headers: { ...XHR, cookie }, payload });
const put = (cookie: string, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/comments/${id}`, headers: { ...XHR, cookie }, payload });

const linksInDb = async (commentId: number) =>
  (
    await t.db
      .select()
      .from(commentLinks)
      .where(eq(commentLinks.comment_id, commentId))
      .orderBy(asc(commentLinks.entity_type), asc(commentLinks.entity_id))
  ).map((l) => `${l.entity_type}:${l.entity_id}`);

const notificationsOf = (userId: number) =>
  t.db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(asc(notifications.id));

describe('POST /api/comments', () => {
  it('stores sanitized content and rebuilds links from the mentions actually present', async () => {
    const s = await setup();
    const boots = await buildCompany({ name: 'Boots' });
    const res = await post(s.as.agent, {
      entity_type: 'property',
      entity_id: s.property.id,
      content: `<p onclick="x()">Ask ${mention('user', s.admin.id, 'Alex Morgan')} about ${mention('company', boots.id, 'Boots')} <script>alert(1)</script></p>`,
      // The client's links are not trusted: a link absent from the text is not stored.
      links: [{ entity_type: 'user', entity_id: s.other.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.content).toBe(
      `<p>Ask ${mention('user', s.admin.id, 'Alex Morgan')} about ${mention('company', boots.id, 'Boots')} </p>`,
    );
    expect(data.links).toEqual([
      { entity_type: 'user', entity_id: s.admin.id, name: 'Alex Morgan' },
      { entity_type: 'company', entity_id: boots.id, name: 'Boots' },
    ]);
    expect(data.user).toEqual({ id: s.agent.id, name: 'Jamie Patel' });
    expect(data.entity).toEqual({
      id: s.property.id,
      entity_type: 'property',
      name: '12 High Street, Leeds, LS1 1AA',
    });
    expect(await linksInDb(data.id)).toEqual([`company:${boots.id}`, `user:${s.admin.id}`]);
  });

  it('unwraps mentions of entities that do not exist and malformed mention spans', async () => {
    const s = await setup();
    const res = await post(s.as.agent, {
      entity_type: 'property',
      entity_id: s.property.id,
      content: `<p>${mention('user', 99999, 'Ghost')} ${mention('planet', 3, 'Mars')} <span data-type="mention" data-entity-type="user" data-entity-id="1 or 1=1">@x</span> ${mention('user', s.other.id, 'Sam Lee')}</p>`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.content).toBe(`<p>@Ghost @Mars @x ${mention('user', s.other.id, 'Sam Lee')}</p>`);
    expect(data.links).toEqual([{ entity_type: 'user', entity_id: s.other.id, name: 'Sam Lee' }]);
    expect(await linksInDb(data.id)).toEqual([`user:${s.other.id}`]);
  });

  it.each([
    ['empty', ''],
    ['whitespace', '   \n\t '],
    ['empty paragraphs', '<p></p><p> &nbsp; </p><br>'],
    ['only removed markup', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
  ])('refuses %s content with 422 on content and stores nothing', async (_name, content) => {
    const s = await setup();
    const before = await tableFingerprint();
    const res = await post(s.as.agent, { entity_type: 'property', entity_id: s.property.id, content });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { content: [COMMENT_MESSAGES.contentRequired] },
    });
    expect(await tableFingerprint()).toEqual(before);
  });

  it('refuses a missing entity, an unknown entity type and missing fields (nothing stored)', async () => {
    const s = await setup();
    const before = await tableFingerprint();
    const missing = await post(s.as.agent, { entity_type: 'scheme', entity_id: 4242, content: '<p>Hi</p>' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ entity_id: [COMMENT_MESSAGES.entityMissing] });
    const badType = await post(s.as.agent, {
      entity_type: 'planet',
      entity_id: s.property.id,
      content: '<p>Hi</p>',
    });
    expect(badType.statusCode).toBe(422);
    expect(Object.keys(badType.json().errors)).toEqual(['entity_type']);
    const noContent = await post(s.as.agent, { entity_type: 'property', entity_id: s.property.id });
    expect(noContent.statusCode).toBe(422);
    expect(Object.keys(noContent.json().errors)).toEqual(['content']);
    expect(await tableFingerprint()).toEqual(before);
  });

  it('accepts comments on schemes and enquiries', async () => {
    const s = await setup();
    const scheme = await buildScheme({ name: 'Trinity Leeds' });
    const enquiry = await buildEnquiry({ property_id: s.property.id, company_id: s.company.id });
    const a = await post(s.as.other, { entity_type: 'scheme', entity_id: scheme.id, content: 'Plain text' });
    expect(a.statusCode).toBe(201);
    expect(a.json().data.entity.name).toBe('Trinity Leeds');
    const b = await post(s.as.other, {
      entity_type: 'enquiry',
      entity_id: enquiry.id,
      content: '<p>Chasing</p>',
    });
    expect(b.statusCode).toBe(201);
    expect(b.json().data.entity.name).toBe('Morgan Retail Research – 12 High Street, Leeds, LS1 1AA');
  });
});

describe('PUT and DELETE /api/comments/{id}', () => {
  it('drops mentions no longer in the text when editing', async () => {
    const s = await setup();
    const created = await post(s.as.agent, {
      entity_type: 'property',
      entity_id: s.property.id,
      content: `<p>${mention('user', s.admin.id, 'Alex Morgan')} and ${mention('user', s.other.id, 'Sam Lee')}</p>`,
    });
    const id = created.json().data.id as number;
    const res = await put(s.as.agent, id, {
      content: `<p>Only ${mention('user', s.other.id, 'Sam Lee')} now</p>`,
      links: [{ entity_type: 'user', entity_id: s.admin.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.links).toEqual([{ entity_type: 'user', entity_id: s.other.id, name: 'Sam Lee' }]);
    expect(await linksInDb(id)).toEqual([`user:${s.other.id}`]);
  });

  it('lets only the author or an admin edit or delete; refusals change nothing', async () => {
    const s = await setup();
    const c = await buildComment({ entity_id: s.property.id, user_id: s.agent.id, content: '<p>Mine</p>' });
    const before = await tableFingerprint();
    expect((await put(s.as.other, c.id, { content: '<p>Hijack</p>' })).statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${c.id}`,
      headers: { ...XHR, cookie: s.as.other },
    });
    expect(del.statusCode).toBe(403);
    expect(await tableFingerprint()).toEqual(before);
    // A 422 from the author changes nothing either.
    expect((await put(s.as.agent, c.id, { content: ' ' })).statusCode).toBe(422);
    expect(await tableFingerprint()).toEqual(before);

    const byAdmin = await put(s.as.admin, c.id, { content: '<p>Tidied by an admin</p>' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.user).toEqual({ id: s.agent.id, name: 'Jamie Patel' });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${c.id}`,
      headers: { ...XHR, cookie: s.as.agent },
    });
    expect(gone.statusCode).toBe(200);
    expect(await t.db.select().from(comments)).toEqual([]);
    expect((await put(s.as.agent, c.id, { content: '<p>Again</p>' })).statusCode).toBe(404);
  });
});

describe('GET /api/comments', () => {
  it('lists newest first, paged, with user, entity and links', async () => {
    const s = await setup();
    const base = Date.parse('2026-03-01T10:00:00Z');
    for (let i = 0; i < 3; i++) {
      await buildComment({
        entity_id: s.property.id,
        user_id: s.agent.id,
        content: `<p>Comment ${i}</p>`,
        created_at: new Date(base + i * 60_000),
      });
    }
    await buildComment({
      entity_type: 'scheme',
      entity_id: s.property.id,
      user_id: s.agent.id,
      content: '<p>Elsewhere</p>',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/comments?entity_type=property&entity_id=${s.property.id}&include=user,entity,links,unknown&per_page=2`,
      headers: { ...XHR, cookie: s.as.other },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((c: { content: string }) => c.content)).toEqual([
      '<p>Comment 2</p>',
      '<p>Comment 1</p>',
    ]);
    expect(body.data[0]).toMatchObject({
      user: { id: s.agent.id, name: 'Jamie Patel' },
      entity: { id: s.property.id, entity_type: 'property', name: '12 High Street, Leeds, LS1 1AA' },
      links: [],
    });
    expect(body.meta.pagination).toEqual({
      total: 3,
      count: 2,
      per_page: 2,
      current_page: 1,
      total_pages: 2,
    });
    const plain = await t.app.inject({
      method: 'GET',
      url: `/api/comments?entity_type=property&entity_id=${s.property.id}`,
      headers: { ...XHR, cookie: s.as.other },
    });
    expect(plain.json().data[0]).not.toHaveProperty('user');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/comments?entity_type=property&entity_id=999999',
      headers: { ...XHR, cookie: s.as.other },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/comments/search-entity', () => {
  it('finds companies, schemes, properties, enquiries and users together, best first, at most 20', async () => {
    const s = await setup();
    const hart = await buildCompany({ name: 'Hartley Outfitters' });
    const scheme = await buildScheme({ name: 'Hartley Shopping Centre' });
    const property = await buildProperty({ building_num: '7', street: 'Hartley Road', city: 'York' });
    const enquiry = await buildEnquiry({ property_id: property.id, company_id: s.company.id });
    const user = await buildUser({ name: 'Chris Hartley', email: 'chris@example.com' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/comments/search-entity?q=hartley',
      headers: { ...XHR, cookie: s.as.agent },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ name: string; entity_type: string; entity_id: number }>;
    expect(data).toEqual(
      expect.arrayContaining([
        { name: 'Hartley Outfitters', entity_type: 'company', entity_id: hart.id },
        { name: 'Hartley Shopping Centre', entity_type: 'scheme', entity_id: scheme.id },
        { name: '7 Hartley Road, York, LS1 1AA', entity_type: 'property', entity_id: property.id },
        {
          name: 'Morgan Retail Research – 7 Hartley Road, York, LS1 1AA',
          entity_type: 'enquiry',
          entity_id: enquiry.id,
        },
        { name: 'Chris Hartley', entity_type: 'user', entity_id: user.id },
      ]),
    );
    // Names starting with the query rank above names merely containing it.
    expect(data[0]!.name.startsWith('Hartley')).toBe(true);
    expect(data.findIndex((d) => d.entity_type === 'user')).toBeGreaterThan(1);

    for (let i = 0; i < 25; i++) await buildCompany({ name: `Zephyr ${i}` });
    const many = await t.app.inject({
      method: 'GET',
      url: '/api/comments/search-entity?q=zephyr',
      headers: { ...XHR, cookie: s.as.agent },
    });
    expect(many.json().data).toHaveLength(20);
    const typo = await t.app.inject({
      method: 'GET',
      url: '/api/comments/search-entity?q=hartly',
      headers: { ...XHR, cookie: s.as.agent },
    });
    expect(typo.json().data.map((d: { name: string }) => d.name)).toContain('Hartley Outfitters');
    const blank = await t.app.inject({
      method: 'GET',
      url: '/api/comments/search-entity?q=%20',
      headers: { ...XHR, cookie: s.as.agent },
    });
    expect(blank.json()).toEqual({ data: [] });
    const wild = await t.app.inject({
      method: 'GET',
      url: '/api/comments/search-entity?q=%25_',
      headers: { ...XHR, cookie: s.as.agent },
    });
    expect(wild.json()).toEqual({ data: [] });
  });

  it('finds a property by its tenant', async () => {
    const s = await setup();
    const tenant = await buildCompany({ name: 'Greggs' });
    const property = await buildProperty({
      building_num: '3',
      street: 'Market Place',
      city: 'Derby',
      tenant_id: tenant.id,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/comments/search-entity?q=greggs',
      headers: { ...XHR, cookie: s.as.agent },
    });
    expect(res.json().data).toEqual(
      expect.arrayContaining([
        { name: '3 Market Place, Derby, LS1 1AA', entity_type: 'property', entity_id: property.id },
      ]),
    );
  });
});

describe('notifications from comments', () => {
  it('notifies a mentioned user exactly once per new mention, never the author', async () => {
    const s = await setup();
    const created = await post(s.as.agent, {
      entity_type: 'property',
      entity_id: s.property.id,
      content: `<p>${mention('user', s.admin.id, 'Alex')} ${mention('user', s.admin.id, 'Alex again')} ${mention('user', s.agent.id, 'Me')}</p>`,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const adminN = await notificationsOf(s.admin.id);
    expect(adminN).toHaveLength(1);
    expect(adminN[0]).toMatchObject({
      type: 'comment_mention',
      message: 'Jamie Patel mentioned you on 12 High Street, Leeds, LS1 1AA',
      entity_type: 'property',
      entity_id: s.property.id,
      url: `/properties?id=${s.property.id}`,
      read_at: null,
    });
    expect(await notificationsOf(s.agent.id)).toEqual([]);

    // Editing without new mentions notifies nobody; adding one notifies only the newcomer.
    await put(s.as.agent, id, { content: `<p>${mention('user', s.admin.id, 'Alex')} edited</p>` });
    expect(await notificationsOf(s.admin.id)).toHaveLength(1);
    await put(s.as.agent, id, {
      content: `<p>${mention('user', s.admin.id, 'Alex')} ${mention('user', s.other.id, 'Sam')}</p>`,
    });
    expect(await notificationsOf(s.admin.id)).toHaveLength(1);
    const otherN = await notificationsOf(s.other.id);
    expect(otherN.map((n) => n.message)).toEqual([
      'Jamie Patel mentioned you on 12 High Street, Leeds, LS1 1AA',
    ]);
  });

  it('notifies earlier commenters of a property or scheme once, preferring the mention message', async () => {
    const s = await setup();
    const scheme = await buildScheme({ name: 'Trinity Leeds' });
    await post(s.as.admin, { entity_type: 'scheme', entity_id: scheme.id, content: '<p>First</p>' });
    await post(s.as.other, { entity_type: 'scheme', entity_id: scheme.id, content: '<p>Second</p>' });
    expect((await notificationsOf(s.admin.id)).map((n) => n.message)).toEqual([
      'Sam Lee commented on Trinity Leeds',
    ]);
    await post(s.as.agent, {
      entity_type: 'scheme',
      entity_id: scheme.id,
      content: `<p>Third, ${mention('user', s.admin.id, 'Alex')}</p>`,
    });
    expect((await notificationsOf(s.admin.id)).map((n) => n.message)).toEqual([
      'Sam Lee commented on Trinity Leeds',
      'Jamie Patel mentioned you on Trinity Leeds',
    ]);
    expect((await notificationsOf(s.other.id)).map((n) => n.message)).toEqual([
      'Jamie Patel commented on Trinity Leeds',
    ]);
    expect(await notificationsOf(s.agent.id)).toEqual([]);
    const url = (await notificationsOf(s.other.id))[0]!.url;
    expect(url).toBe(`/schemes?id=${scheme.id}`);
  });

  it('does not notify earlier commenters of an enquiry (only mentions)', async () => {
    const s = await setup();
    const enquiry = await buildEnquiry({ property_id: s.property.id, company_id: s.company.id });
    await post(s.as.admin, { entity_type: 'enquiry', entity_id: enquiry.id, content: '<p>First</p>' });
    await post(s.as.agent, { entity_type: 'enquiry', entity_id: enquiry.id, content: '<p>Second</p>' });
    expect(await notificationsOf(s.admin.id)).toEqual([]);
  });
});
