import { sql } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { queryRows } from '../src/db/client';
import { multipart } from './companies.fixtures';
import { XHR, buildCompany, buildUser, resetData, sessionCookie, testDb, type TestApp } from './helpers';

export const PW = 'store-list-password-1';

/** A unit at an address, held by `tenant` (or vacant), created as the admin. */
export const buildUnit = async (
  t: TestApp,
  cookie: string,
  address: { street: string; city: string; post_code: string },
  tenant: number | null,
): Promise<number> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: { ...XHR, cookie },
    payload: { ...(tenant ? { company_id: tenant } : {}), address },
  });
  if (res.statusCode !== 201) throw new Error(`property: ${res.body}`);
  return (res.json().data as { id: number }).id;
};

/**
 * A tracked retailer holding three units in Leeds (two named by the list, one not), a vacant unit
 * at an address the list names, an admin and an agent (signed in).
 */
export const buildStoreListWorld = async (t: TestApp) => {
  await resetData();
  const platform = await buildCompany({ name: 'Frontage Research' });
  const agency = await buildCompany({ name: 'Savills' });
  const retailer = await buildCompany({ name: 'Greggs', core_id: 'GRG' });
  const untracked = await buildCompany({ name: 'Local Baker' });
  await buildUser({ email: 'admin@stores.test', password: PW, type: 'admin', company_id: platform.id });
  await buildUser({ email: 'agent@stores.test', password: PW, company_id: agency.id });
  const admin = await sessionCookie(t.app, 'admin@stores.test');
  const agent = await sessionCookie(t.app, 'agent@stores.test');
  const units = {
    highStreet: await buildUnit(
      t,
      admin,
      { street: '12 High Street', city: 'Leeds', post_code: 'LS1 6HD' },
      retailer.id,
    ),
    briggate: await buildUnit(
      t,
      admin,
      { street: 'Unit 40, Briggate', city: 'Leeds', post_code: 'LS1 5AB' },
      retailer.id,
    ),
    parkRow: await buildUnit(
      t,
      admin,
      { street: '7 Park Row', city: 'Leeds', post_code: 'LS1 5HD' },
      retailer.id,
    ),
    vacant: await buildUnit(
      t,
      admin,
      { street: '22 Commercial St', city: 'Leeds', post_code: 'LS1 6AL' },
      null,
    ),
  };
  return { retailer, untracked, admin, agent, units };
};
export type StoreListWorld = Awaited<ReturnType<typeof buildStoreListWorld>>;

/** The list the tests upload: lines 2–3 match, 4–5 are new (4 at the vacant unit), 6 is invalid. */
export const LIST_CSV = [
  'Store Name,Address Line 1,Town,Post-code,Opening_Date',
  'Leeds High St,12 High St.,Leeds,ls1 6hd,',
  'Briggate,40 BRIGGATE,Leeds,LS1 5AB,01/02/2020',
  'Commercial,22 Commercial Street,Leeds,LS1 6AL,2024-05-01',
  '"Albion Place, Leeds",5 Albion Place,Leeds,LS1 6JL,',
  'Bad,,Leeds,NOTAPOSTCODE,31/02/2020',
].join('\r\n');

export const upload = (
  t: TestApp,
  cookie: string,
  companyId: number,
  data: Buffer | string,
  filename = 'stores.csv',
  type = 'text/csv',
) => {
  const form = multipart(
    [],
    [{ name: 'file', filename, type, data: Buffer.isBuffer(data) ? data : Buffer.from(data) }],
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/core/retailers/${companyId}/store-list/preview`,
    headers: { ...XHR, cookie, ...form.headers },
    payload: form.body,
  });
};

export const apply = (t: TestApp, cookie: string, companyId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/core/retailers/${companyId}/store-list/apply`,
    headers: { ...XHR, cookie },
    payload,
  });

/** The ndjson lines of an apply answer. */
export const linesOf = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

export const xlsxOf = (rows: Array<Array<string | Date | number | null>>) =>
  writeExcelFile(
    rows.map((r) =>
      r.map((v) =>
        v instanceof Date ? { value: v, type: Date, format: 'dd/mm/yyyy' } : v === null ? null : { value: v },
      ),
    ),
  ).toBuffer();

export const tenantOf = async (propertyId: number): Promise<number | null> => {
  const rows = await queryRows<{ tenant_id: number | null }>(
    await testDb(),
    sql`select tenant_id from properties where id = ${propertyId}`,
  );
  return rows[0]!.tenant_id;
};

export const countOf = async (table: string): Promise<number> =>
  (await queryRows<{ n: number }>(await testDb(), sql.raw(`select count(*)::int as n from "${table}"`)))[0]!
    .n;
