import { PROPERTY_PARTY_LISTS, type PropertyPartyList } from '@frontage/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { companies, propertyParties, schemeParties, users } from '../../db/schema';

/**
 * Party lists of properties and schemes, stored as rows (docs/architecture.md §3). Both tables have
 * the same shape; `table` picks one.
 */
export type PartyOwner = 'property' | 'scheme';

const tableOf = (owner: PartyOwner) => (owner === 'property' ? propertyParties : schemeParties);
const ownerCol = (owner: PartyOwner) =>
  owner === 'property' ? propertyParties.property_id : schemeParties.scheme_id;
const roleToList = new Map<string, PropertyPartyList>(
  Object.entries(PROPERTY_PARTY_LISTS).map(([list, d]) => [d.role, list as PropertyPartyList]),
);

export interface PartyCompanyRow {
  id: number;
  name: string;
  core_id: string | null;
  is_verified: boolean;
  verified_at: Date | null;
}
export interface PartyContactRow {
  id: number;
  name: string;
  email: string | null;
  company_id: number | null;
  company_name: string | null;
}
export interface PartyLists {
  companies: Map<PropertyPartyList, PartyCompanyRow[]>;
  contacts: Map<PropertyPartyList, PartyContactRow[]>;
  ids: Map<PropertyPartyList, number[]>;
}

const emptyLists = (): PartyLists => ({ companies: new Map(), contacts: new Map(), ids: new Map() });
export const contactCompany = alias(companies, 'contact_company');

/**
 * The names a party row is shown with (join companies, users and `contactCompany` on the row's
 * company_id / user_id): property, scheme and deal parties select the same columns.
 */
export const partyNameColumns = {
  c_name: companies.name,
  c_core_id: companies.core_id,
  c_is_verified: companies.is_verified,
  c_verified_at: companies.verified_at,
  u_name: users.name,
  u_email: users.email,
  u_company_id: users.company_id,
  u_company_name: contactCompany.name,
};

/** One party row as loadParties and the single-statement property read select it. */
export interface PartyRow {
  role: string;
  company_id: number | null;
  user_id: number | null;
  c_name: string | null;
  c_core_id: string | null;
  c_is_verified: boolean | null;
  c_verified_at: Date | null;
  u_name: string | null;
  u_email: string | null;
  u_company_id: number | null;
  u_company_name: string | null;
}

/** Files one party row (rows come in saved order) under its owner and list. */
export const addPartyRow = (out: Map<number, PartyLists>, ownerId: number, r: PartyRow): void => {
  const list = roleToList.get(r.role);
  if (!list) return;
  let lists = out.get(ownerId);
  if (!lists) out.set(ownerId, (lists = emptyLists()));
  if (r.company_id !== null && r.c_name !== null) {
    const arr = lists.companies.get(list) ?? [];
    arr.push({
      id: r.company_id,
      name: r.c_name,
      core_id: r.c_core_id,
      is_verified: !!r.c_is_verified,
      verified_at: r.c_verified_at,
    });
    lists.companies.set(list, arr);
  } else if (r.user_id !== null && r.u_name !== null) {
    const arr = lists.contacts.get(list) ?? [];
    arr.push({
      id: r.user_id,
      name: r.u_name,
      email: r.u_email,
      company_id: r.u_company_id,
      company_name: r.u_company_name,
    });
    lists.contacts.set(list, arr);
  }
  const ids = lists.ids.get(list) ?? [];
  ids.push((r.company_id ?? r.user_id)!);
  lists.ids.set(list, ids);
};

/** Every party of the given owners, grouped per owner and list, in their saved order. */
export const loadParties = async (
  db: Db,
  owner: PartyOwner,
  ownerIds: number[],
): Promise<Map<number, PartyLists>> => {
  const out = new Map<number, PartyLists>();
  if (!ownerIds.length) return out;
  const t = tableOf(owner);
  const oc = ownerCol(owner);
  const rows = await db
    .select({
      owner_id: oc,
      role: t.role,
      company_id: t.company_id,
      user_id: t.user_id,
      ...partyNameColumns,
    })
    .from(t)
    .leftJoin(companies, eq(companies.id, t.company_id))
    .leftJoin(users, eq(users.id, t.user_id))
    .leftJoin(contactCompany, eq(contactCompany.id, users.company_id))
    .where(inArray(oc, ownerIds))
    .orderBy(asc(oc), asc(t.role), asc(t.position), asc(t.id));
  for (const r of rows) addPartyRow(out, r.owner_id, r);
  return out;
};

export const partyIds = async (
  db: Db,
  owner: PartyOwner,
  ownerId: number,
): Promise<Map<PropertyPartyList, number[]>> =>
  (await loadParties(db, owner, [ownerId])).get(ownerId)?.ids ?? new Map();

/** Replaces one list of an owner with these ids (in this order). */
export const replaceList = async (
  db: Db,
  owner: PartyOwner,
  ownerId: number,
  list: PropertyPartyList,
  ids: number[],
): Promise<void> => {
  const t = tableOf(owner);
  const { role, kind } = PROPERTY_PARTY_LISTS[list];
  await db.delete(t).where(and(eq(ownerCol(owner), ownerId), eq(t.role, role)));
  if (!ids.length) return;
  const rows = ids.map((id, position) => ({
    role,
    position,
    company_id: kind === 'company' ? id : null,
    user_id: kind === 'user' ? id : null,
  }));
  if (owner === 'property')
    await db.insert(propertyParties).values(rows.map((r) => ({ ...r, property_id: ownerId })));
  else await db.insert(schemeParties).values(rows.map((r) => ({ ...r, scheme_id: ownerId })));
};

/** The lists of many new properties in one statement (a bulk import): `[property id, list, ids]`. */
export const insertPropertyLists = async (
  db: Db,
  lists: Array<[number, PropertyPartyList, number[]]>,
): Promise<void> => {
  const rows = lists.flatMap(([propertyId, list, ids]) => {
    const { role, kind } = PROPERTY_PARTY_LISTS[list];
    return ids.map((id, position) => ({
      property_id: propertyId,
      role,
      position,
      company_id: kind === 'company' ? id : null,
      user_id: kind === 'user' ? id : null,
    }));
  });
  for (let i = 0; i < rows.length; i += 2000)
    await db.insert(propertyParties).values(rows.slice(i, i + 2000));
};

/** Which of these ids are not companies (or users). */
export const missingIds = async (db: Db, kind: 'company' | 'user', ids: number[]): Promise<Set<number>> => {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const table = kind === 'company' ? companies : users;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
  const have = new Set(found.map((r) => r.id));
  return new Set(unique.filter((id) => !have.has(id)));
};
