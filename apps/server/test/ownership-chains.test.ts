/**
 * Two allowed steps of the contact rules (ADR 0008) must not chain into a
 * right the rules forbid. The reproduction: an agent moved their own record into a company nobody
 * can sign in to, then edited that company and its contacts as a "member". ADR 0036 walks every
 * rule; each chain it names is refused here.
 */
import { CONTACT_MESSAGES } from '@frontage/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, users } from '../src/db/schema';
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

const PW = 'chains-password-1';
let agency: { id: number };
let unowned: { id: number };
let agentId: number;
let colleagueId: number;
let agent: string;
let admin: string;
let unownedContactId: number;

beforeEach(async () => {
  await resetData();
  const platform = await buildCompany({ name: 'Frontage Research' });
  agency = await buildCompany({ name: 'Savills' });
  // A retailer nobody of which can sign in: anyone may record its contacts (ADR 0008).
  unowned = await buildCompany({ name: 'Boots' });
  unownedContactId = (await buildUser({ name: 'Bea Boots', email: 'bea@boots.com', company_id: unowned.id }))
    .id;
  await buildUser({
    name: 'Alex Admin',
    email: 'admin@example.com',
    password: PW,
    type: 'admin',
    company_id: platform.id,
  });
  agentId = (
    await buildUser({ name: 'Jamie Patel', email: 'agent@example.com', password: PW, company_id: agency.id })
  ).id;
  colleagueId = (
    await buildUser({
      name: 'Sam Colleague',
      email: 'sam@savills.co.uk',
      password: PW,
      company_id: agency.id,
    })
  ).id;
  agent = await sessionCookie(t.app, 'agent@example.com');
  admin = await sessionCookie(t.app, 'admin@example.com');
});

const put = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { ...XHR, cookie }, payload });

const companyOf = async (id: number) =>
  (await (await testDb()).select({ company_id: users.company_id }).from(users).where(eq(users.id, id)))[0]!
    .company_id;

describe('a user cannot take over a company by moving themselves into it', () => {
  it('refuses the move with a message against the company field and writes nothing', async () => {
    expect((await put(`/api/companies/${unowned.id}`, agent, { name: 'Boots (mine)' })).statusCode).toBe(403);
    const before = await tableFingerprint();
    const res = await put(`/api/users/${agentId}`, agent, {
      name: 'Jamie Patel',
      email: 'agent@example.com',
      company_id: unowned.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ company_id: [CONTACT_MESSAGES.companyLocked] });
    expect(await tableFingerprint()).toEqual(before);
    expect(await companyOf(agentId)).toBe(agency.id);
    // The chain's later steps stay refused.
    expect((await put(`/api/companies/${unowned.id}`, agent, { name: 'Boots (mine)' })).statusCode).toBe(403);
    const contact = await put(`/api/users/${unownedContactId}`, agent, {
      name: 'Bea Boots',
      email: 'attacker@example.com',
      company_id: unowned.id,
    });
    expect(contact.statusCode).toBe(403);
    const [company] = await (await testDb()).select().from(companies).where(eq(companies.id, unowned.id));
    expect(company!.name).toBe('Boots');
  });

  it('refuses leaving the company too (no company is still a move)', async () => {
    const res = await put(`/api/users/${agentId}`, agent, {
      name: 'Jamie Patel',
      email: 'agent@example.com',
      company_id: null,
    });
    expect(res.statusCode).toBe(422);
    expect(await companyOf(agentId)).toBe(agency.id);
  });

  it('still lets a user edit the rest of their own record, e-mail included', async () => {
    const res = await put(`/api/users/${agentId}`, agent, {
      name: 'Jamie R Patel',
      email: 'jamie.patel@savills.co.uk',
      company_id: agency.id,
      mobile: '07700 900123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Jamie R Patel',
      email: 'jamie.patel@savills.co.uk',
      company_id: agency.id,
    });
  });
});

describe('a colleague cannot move or re-address a user who signs in', () => {
  it('refuses moving a signed-in colleague to a company nobody owns (it would hand it to them)', async () => {
    const res = await put(`/api/users/${colleagueId}`, agent, {
      name: 'Sam Colleague',
      email: 'sam@savills.co.uk',
      company_id: unowned.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ company_id: [CONTACT_MESSAGES.companyLocked] });
    expect(await companyOf(colleagueId)).toBe(agency.id);
  });

  it("refuses changing a colleague's sign-in e-mail, but not their name or numbers", async () => {
    const email = await put(`/api/users/${colleagueId}`, agent, {
      name: 'Sam Colleague',
      email: 'me-now@example.com',
      company_id: agency.id,
    });
    expect(email.statusCode).toBe(422);
    expect(email.json().errors).toEqual({ email: [CONTACT_MESSAGES.emailLocked] });
    const name = await put(`/api/users/${colleagueId}`, agent, {
      name: 'Samuel Colleague',
      email: 'SAM@savills.co.uk',
      company_id: agency.id,
    });
    expect(name.statusCode, name.body).toBe(200);
  });

  it('lets a colleague move a contact who cannot sign in, as ADR 0008 allows', async () => {
    const recorded = (
      await buildUser({ name: 'Rita Recorded', email: 'rita@savills.co.uk', company_id: agency.id })
    ).id;
    const res = await put(`/api/users/${recorded}`, agent, {
      name: 'Rita Recorded',
      email: 'rita@boots.com',
      company_id: unowned.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await companyOf(recorded)).toBe(unowned.id);
  });
});

describe('an admin moves users between companies', () => {
  it('moves a user who signs in, and that user then belongs to the new company', async () => {
    const res = await put(`/api/users/${agentId}`, admin, {
      name: 'Jamie Patel',
      email: 'jamie@boots.com',
      company_id: unowned.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await companyOf(agentId)).toBe(unowned.id);
    expect((await put(`/api/companies/${unowned.id}`, agent, { name: 'Boots UK' })).statusCode).toBe(200);
  });
});
