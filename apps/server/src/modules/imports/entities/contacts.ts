import { isAdmin } from '@frontage/shared';
import { NotFoundError } from '../../../lib/errors';
import * as contacts from '../../contacts/contacts.service';
import * as records from '../import-records.repository';
import { plainKey } from '../import.values';
import { companiesByNameOrDomain } from './company-keys';
import { companyIdsOf } from './company-match';
import type { ContactLookups } from './contacts.check';
import type { ImportAdapter } from './types';

/**
 * Contacts (users without a password): name, e-mail, company (by name, or by domain), direct
 * dial and mobile, validated by POST /api/users' own schema. Matched by e-mail (case aside), then
 * by name within the same company. Writes go through the contacts service, so its rules hold: a
 * contact joins a company only if the importer may add people to it (ADR 0008), and an update
 * needs the rights of an edit (an admin, the company's own people, the contact themselves). A
 * row's check is contacts.check.ts.
 */

type Fields = NonNullable<Awaited<ReturnType<typeof records.userFields>>>;

/** The contact with the payload's fields over its own: the whole body PUT /api/users/{id} takes. */
const merged = (current: Fields, payload: Record<string, unknown>): contacts.ContactBody => {
  const body = { ...current, email: current.email ?? '', ...payload } as contacts.ContactBody;
  // The keys the row matched by keep the contact's own spelling ("JO@X.COM" leaves "jo@x.com").
  if (current.email && body.email.toLowerCase() === current.email.toLowerCase()) body.email = current.email;
  if (plainKey(body.name) === plainKey(current.name)) body.name = current.name;
  return body;
};

export const contactsAdapter: ImportAdapter = {
  lookup: async (db, rows): Promise<ContactLookups> => {
    const companies = await companiesByNameOrDomain(
      db,
      rows.map((r) => r.values.company ?? '').filter((c) => c.trim()),
    );
    const named = [...new Set(rows.flatMap((r) => companyIdsOf(companies, r.values.company ?? '')))];
    return { companies, signIn: await records.companiesWithSignIn(db, named) };
  },
  existing: async (db, keys) => {
    const out = new Map<string, number[]>();
    const add = (key: string, id: number) => out.set(key, [...(out.get(key) ?? []), id]);
    const emails = keys.filter((k) => k.startsWith('email:')).map((k) => k.slice(6));
    for (const r of await records.usersByEmails(db, emails)) add(`email:${r.email}`, r.id);
    const people = new Set(keys.filter((k) => k.startsWith('person:')));
    const pairs = [...people].map((k) => k.slice(7).split('|') as [string, string]);
    const companyIds = pairs.flatMap(([, c]) => (c === 'none' ? [] : [Number(c)]));
    const orphans = pairs.some(([, c]) => c === 'none');
    const names = [...new Set(pairs.map(([n]) => n))];
    for (const r of await records.usersByNameKeys(db, names, companyIds, orphans)) {
      const key = `person:${r.key}|${r.company_id ?? 'none'}`;
      if (people.has(key)) add(key, r.id);
    }
    return out;
  },
  // As an edit (contacts.policy assertMayEdit): an admin, the company's own people, the contact.
  owned: async (db, actor, ids) => {
    if (isAdmin(actor)) return new Set(ids);
    const own = actor.company_id === null ? [] : await records.usersOfCompany(db, actor.company_id, ids);
    return new Set([...own, ...ids.filter((id) => id === actor.id)]);
  },
  create: async (deps, actor, payload) => {
    const body = { company_id: null, direct_dial: null, mobile: null, ...payload } as contacts.ContactBody;
    return (await contacts.create(deps, actor, body)).id;
  },
  before: async (deps, id, payload) => {
    const current = (await records.userFields(deps.db, id))!;
    return Object.fromEntries(Object.keys(payload).map((k) => [k, current[k as keyof Fields] ?? null]));
  },
  update: async (deps, actor, id, payload) => {
    const current = await records.userFields(deps.db, id);
    if (!current) throw new NotFoundError();
    await contacts.update(deps, actor, id, merged(current, payload));
  },
  // The importer undoes its own creation: not the admins' delete of any contact.
  remove: async (deps, _actor, id) => records.deleteUser(deps.db, id),
  markHistory: records.markUserHistory,
  stamp: (db, id) => records.stampOf(db, 'users', id),
};
