/**
 * The reads and the few writes an import makes on the records it creates or updates (ADR 0094):
 * natural-key lookups (a company by name or domain, a property by its post code then unit and
 * street), ownership for agents, updated_at stamps, deleting created records on revert and
 * marking the history rows an import wrote. Creating and updating go through the modules'
 * services.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { idArray } from '../../db/id-array';
import { companyNameKey, domainKey } from '../../db/schema';

/** A list of texts as one parameter (JSON), read as a text[] in SQL. */
export const textArray = (list: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;

/** By the companies' name key (its SQL twin and expression index are in db/schema/companies.ts). */
export const companiesByNameKeys = (db: Db, keys: string[]) =>
  keys.length
    ? queryRows<{ id: number; key: string }>(
        db,
        sql`select id, ${companyNameKey(sql`name`)} as key from companies
            where ${companyNameKey(sql`name`)} = any(${textArray(keys)}) order by id`,
      )
    : Promise.resolve([]);

export const companiesByDomains = (db: Db, domains: string[]) =>
  domains.length
    ? queryRows<{ id: number; domain: string }>(
        db,
        sql`select id, ${domainKey(sql`domain`)} as domain from companies
            where ${domainKey(sql`domain`)} = any(${textArray(domains)}) order by id`,
      )
    : Promise.resolve([]);

export interface PlaceRow {
  id: number;
  building_num: string | null;
  street: string | null;
  post_code_key: string;
}

/** Properties at these post codes (compared without spaces, in capitals). */
export const propertiesAtPostCodes = (db: Db, postCodeKeys: string[]) =>
  postCodeKeys.length
    ? queryRows<PlaceRow>(
        db,
        sql`select p.id, p.building_num, a.street,
                   upper(regexp_replace(a.post_code, '[^A-Za-z0-9]', '', 'g')) as post_code_key
            from properties p join addresses a on a.id = p.address_id
            where upper(regexp_replace(a.post_code, '[^A-Za-z0-9]', '', 'g')) = any(${textArray(postCodeKeys)})
            order by p.id`,
      )
    : Promise.resolve([]);

/** Of these properties, those where the company is the tenant or a landlord, landlord's or tenant's agent. */
export const propertiesHeldBy = async (db: Db, companyId: number, ids: number[]): Promise<number[]> =>
  ids.length
    ? (
        await queryRows<{ id: number }>(
          db,
          sql`select p.id from properties p where p.id = any(${idArray(ids)})
              and (p.tenant_id = ${companyId} or p.legal_tenant_id = ${companyId} or exists (
                select from property_parties pp where pp.property_id = p.id and pp.company_id = ${companyId}
                and pp.role in ('landlord', 'landlord_agent', 'tenant_agent')))`,
        )
      ).map((r) => r.id)
    : [];

export const stampOf = async (
  db: Db,
  table: 'companies' | 'properties' | 'users' | 'schemes',
  id: number,
): Promise<Date | null> => {
  const rows = await queryRows<{ updated_at: Date | string }>(
    db,
    sql`select updated_at from ${sql.identifier(table)} where id = ${id}`,
  );
  return rows[0] ? new Date(rows[0].updated_at) : null;
};

/** A property created by an import, with its parties and its own address (revert). */
export const deleteProperty = async (db: Db, id: number): Promise<void> => {
  const rows = await queryRows<{ address_id: number }>(
    db,
    sql`delete from properties where id = ${id} returning address_id`,
  );
  const addressId = rows[0]?.address_id;
  if (addressId === undefined) return;
  await db.execute(sql`delete from addresses a where a.id = ${addressId}
    and not exists (select from properties where address_id = a.id)
    and not exists (select from schemes where address_id = a.id)`);
};

/** The SQL twin of plainKey (import.values.ts): change both together. */
const plainKeySql = (column: SQL) => sql`regexp_replace(lower(${column}), '[^a-z0-9]+', '', 'g')`;

/** Users by e-mail, compared in lower case (the unique index's own expression). */
export const usersByEmails = (db: Db, emails: string[]) =>
  emails.length
    ? queryRows<{ id: number; email: string }>(
        db,
        sql`select id, lower(email) as email from users where lower(email) = any(${textArray(emails)}) order by id`,
      )
    : Promise.resolve([]);

/** Users of these companies (and of none, when `orphans`) whose name keys are among `keys`. */
export const usersByNameKeys = (db: Db, keys: string[], companyIds: number[], orphans: boolean) =>
  keys.length
    ? queryRows<{ id: number; key: string; company_id: number | null }>(
        db,
        sql`select id, ${plainKeySql(sql`name`)} as key, company_id from users
            where (company_id = any(${idArray(companyIds)})${orphans ? sql` or company_id is null` : sql``})
              and ${plainKeySql(sql`name`)} = any(${textArray(keys)}) order by id`,
      )
    : Promise.resolve([]);

/** Of these users, those the actor's company employs (an agent edits their own company's contacts). */
export const usersOfCompany = async (db: Db, companyId: number, ids: number[]): Promise<number[]> =>
  ids.length
    ? (
        await queryRows<{ id: number }>(
          db,
          sql`select id from users where id = any(${idArray(ids)}) and company_id = ${companyId}`,
        )
      ).map((r) => r.id)
    : [];

/** Of these companies, those some of whose people can sign in (they own their contacts: ADR 0008). */
export const companiesWithSignIn = async (db: Db, ids: number[]): Promise<Set<number>> =>
  new Set(
    ids.length
      ? (
          await queryRows<{ id: number }>(
            db,
            sql`select distinct company_id as id from users
                where company_id = any(${idArray(ids)}) and password_hash is not null`,
          )
        ).map((r) => r.id)
      : [],
  );

/** A contact's own fields, as an import compares and restores them. */
export const userFields = async (db: Db, id: number) =>
  (
    await queryRows<{
      company_id: number | null;
      name: string;
      email: string | null;
      direct_dial: string | null;
      mobile: string | null;
    }>(db, sql`select company_id, name, email, direct_dial, mobile from users where id = ${id}`)
  )[0];

/** Schemes whose name keys are among `names`, with the key of their address's town. */
export const schemesByNameKeys = (db: Db, names: string[]) =>
  names.length
    ? queryRows<{ id: number; name: string; town: string }>(
        db,
        sql`select s.id, ${plainKeySql(sql`s.name`)} as name, ${plainKeySql(sql`coalesce(a.city, '')`)} as town
            from schemes s join addresses a on a.id = s.address_id
            where ${plainKeySql(sql`s.name`)} = any(${textArray(names)}) order by s.id`,
      )
    : Promise.resolve([]);

/** Of these schemes, those the company is a landlord or the landlord's agent of. */
export const schemesHeldBy = async (db: Db, companyId: number, ids: number[]): Promise<number[]> =>
  ids.length
    ? (
        await queryRows<{ id: number }>(
          db,
          sql`select distinct scheme_id as id from scheme_parties where scheme_id = any(${idArray(ids)})
              and company_id = ${companyId} and role in ('landlord', 'landlord_agent')`,
        )
      ).map((r) => r.id)
    : [];

/** A scheme created by an import, with its parties and its own address (revert). */
export const deleteScheme = async (db: Db, id: number): Promise<void> => {
  const rows = await queryRows<{ address_id: number }>(
    db,
    sql`delete from schemes where id = ${id} returning address_id`,
  );
  const addressId = rows[0]?.address_id;
  if (addressId === undefined) return;
  await db.execute(sql`delete from addresses a where a.id = ${addressId}
    and not exists (select from properties where address_id = a.id)
    and not exists (select from schemes where address_id = a.id)`);
};

/** Marks the history a scheme's import write recorded (the scheme's and its address's rows). */
export const markSchemeHistory = async (db: Db, importId: number, schemeId: number, afterId: number) => {
  await db.execute(sql`update field_history h set import_id = ${importId}
    where h.id > ${afterId} and h.import_id is null and (
      (h.entity_type = 'scheme' and h.entity_id = ${schemeId}) or
      (h.entity_type = 'address' and h.entity_id = (select address_id from schemes where id = ${schemeId})))`);
};

/** A contact created by an import (revert). */
export const deleteUser = async (db: Db, id: number): Promise<void> => {
  await db.execute(sql`delete from users where id = ${id}`);
};

/** Marks the history a contact's import update recorded. */
export const markUserHistory = async (db: Db, importId: number, userId: number, afterId: number) => {
  await db.execute(sql`update field_history h set import_id = ${importId}
    where h.id > ${afterId} and h.import_id is null and h.entity_type = 'user' and h.entity_id = ${userId}`);
};

export const lastHistoryId = async (db: Db): Promise<number> =>
  (await queryRows<{ n: number }>(db, sql`select coalesce(max(id), 0)::bigint as n from field_history`))[0]!
    .n;

/** Marks the history a property's import write recorded (the property's and its address's rows). */
export const markHistory = async (db: Db, importId: number, propertyId: number, afterId: number) => {
  await db.execute(sql`update field_history h set import_id = ${importId}
    where h.id > ${afterId} and h.import_id is null and (
      (h.entity_type = 'property' and h.entity_id = ${propertyId}) or
      (h.entity_type = 'address' and h.entity_id = (select address_id from properties where id = ${propertyId})))`);
};

/**
 * Deals on these properties or schemes, each with its natural key's parts: the type, the place
 * and its day (the effective date, else the lease start; '' when neither).
 */
export const dealsAt = (db: Db, propertyIds: number[], schemeIds: number[]) =>
  propertyIds.length || schemeIds.length
    ? queryRows<{
        id: number;
        deal_type: string;
        property_id: number | null;
        scheme_id: number | null;
        day: string;
      }>(
        db,
        sql`select id, deal_type, property_id, scheme_id,
                   coalesce(to_char(coalesce(effective_date, lease_start_date), 'YYYY-MM-DD'), '') as day
            from deals where property_id = any(${idArray(propertyIds)}) or scheme_id = any(${idArray(schemeIds)})
            order by id`,
      )
    : Promise.resolve([]);

/**
 * A deal's stamp: when it was recorded, or corrected last (its correction history). Null once it
 * has left `deals` (voided).
 */
export const dealStamp = async (db: Db, id: number): Promise<Date | null> => {
  const rows = await queryRows<{ at: Date | string }>(
    db,
    sql`select greatest(d.created_at, (select max(h.created_at) from field_history h
          where h.deal_id = d.id and h.source = 'deal_correction')) as at
        from deals d where d.id = ${id}`,
  );
  return rows[0] ? new Date(rows[0].at) : null;
};

/** Marks the history a deal recorded (or its void) with the import. */
export const markDealHistory = async (db: Db, importId: number, dealId: number, afterId: number) => {
  await db.execute(sql`update field_history set import_id = ${importId}
    where id > ${afterId} and import_id is null and deal_id = ${dealId}`);
};
