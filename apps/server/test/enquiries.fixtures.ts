import { eq } from 'drizzle-orm';
import { addresses, enquiries, properties, schemes } from '../src/db/schema';
import { XHR, buildCompany, buildUser, resetData, sessionCookie, testDb, type TestApp } from './helpers';

export const PW = 'enquiries-password-1';

/**
 * The enquiry tests' world: a Leeds scheme with a unit, a standalone Manchester shop, retailers
 * and contacts, and four signed-in users — an admin, an author, the author's colleague (same
 * company) and a stranger (another company).
 */
export const buildEnquiryWorld = async (t: TestApp) => {
  await resetData();
  const db = await testDb();
  const agency = await buildCompany({ name: 'Agency North' });
  const rival = await buildCompany({ name: 'Rival Agents' });
  const boots = await buildCompany({ name: 'Boots' });
  const greggs = await buildCompany({ name: 'Greggs' });
  const admin = await buildUser({ email: 'admin@enq.test', password: PW, type: 'admin' });
  const author = await buildUser({
    name: 'Alice Author',
    email: 'author@enq.test',
    password: PW,
    company_id: agency.id,
  });
  const colleague = await buildUser({ email: 'colleague@enq.test', password: PW, company_id: agency.id });
  const stranger = await buildUser({ email: 'stranger@enq.test', password: PW, company_id: rival.id });
  const contact = await buildUser({ name: 'Nina Retail', email: 'nina@example.com', company_id: greggs.id });
  const [sa] = await db
    .insert(addresses)
    .values({ street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' })
    .returning();
  const [scheme] = await db
    .insert(schemes)
    .values({ name: 'Trinity Leeds', type: 'Shopping centres', address_id: sa!.id })
    .returning();
  const [ua] = await db
    .insert(addresses)
    .values({ street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AU' })
    .returning();
  const [unit] = await db
    .insert(properties)
    .values({ building_num: 'SU1', address_id: ua!.id, scheme_id: scheme!.id })
    .returning();
  const [ma] = await db
    .insert(addresses)
    .values({ street: 'Market Street', city: 'Manchester', post_code: 'M1 1AA' })
    .returning();
  const [shop] = await db.insert(properties).values({ building_num: '12', address_id: ma!.id }).returning();
  const [oa] = await db
    .insert(addresses)
    .values({ street: 'Park Lane', city: 'Sheffield', post_code: 'S1 1AA' })
    .returning();
  const [other] = await db
    .insert(schemes)
    .values({ name: 'Meadowhall', type: 'Shopping centres', address_id: oa!.id })
    .returning();
  const cookies = {
    admin: await sessionCookie(t.app, admin),
    author: await sessionCookie(t.app, author),
    colleague: await sessionCookie(t.app, colleague),
    stranger: await sessionCookie(t.app, stranger),
  };
  return {
    co: { agency, rival, boots, greggs },
    users: { admin, author, colleague, stranger, contact },
    place: {
      scheme: scheme!.id,
      unit: unit!.id,
      shop: shop!.id,
      otherScheme: other!.id,
      unitAddress: ua!.id,
    },
    cookies,
  };
};
export type EnquiryWorld = Awaited<ReturnType<typeof buildEnquiryWorld>>;

export const enquiryApi = (t: TestApp) => {
  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', cookie: string, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });
  return {
    create: (cookie: string, payload: object) => req('POST', cookie, '/api/enquiries', payload),
    update: (cookie: string, id: number, payload: object) =>
      req('PUT', cookie, `/api/enquiries/${id}`, payload),
    remove: (cookie: string, id: number) => req('DELETE', cookie, `/api/enquiries/${id}`),
    get: (cookie: string, url: string) => req('GET', cookie, url),
  };
};

/** The stored row (the "database unchanged" checks read it before and after a refusal). */
export const storedEnquiry = async (id: number) =>
  (await (await testDb()).select().from(enquiries).where(eq(enquiries.id, id)))[0];
