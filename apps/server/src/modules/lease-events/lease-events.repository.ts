import { LEASE_EVENT_TYPES, type LeaseEventStatus, type LeaseEventType } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';

/** The work list's filters, as the service resolved them (dates yyyy-mm-dd, inclusive). */
export interface LeaseEventFilters {
  from: string;
  to: string;
  types?: LeaseEventType[] | undefined;
  hard?: boolean | undefined;
  property_id?: number | undefined;
  scheme_ids?: number[] | undefined;
  /** lower(city), as match_units keeps it. */
  town?: string | undefined;
  tenant_ids?: number[] | undefined;
  landlord_ids?: number[] | undefined;
  /** Units where this company is tenant, legal tenant, landlord or an agent (null: none). */
  my_company?: { companyId: number | null } | undefined;
  /** Units this user created, or recorded a deal on. */
  mine?: { userId: number } | undefined;
  status: LeaseEventStatus | 'all';
}

/** An event's key: its API id is `${property_id}-${type}-${seq}`. */
export interface LeaseEventKey {
  property_id: number;
  type: LeaseEventType;
  seq: number;
}

export interface LeaseEventRow {
  property_id: number;
  type: LeaseEventType;
  seq: number;
  date: string;
  hard: boolean;
  /** The type's place in LEASE_EVENT_TYPES (the order within a day). */
  rank: number;
  status: LeaseEventStatus;
  status_reason: string | null;
  status_user_id: number | null;
  status_user_name: string | null;
  status_at: Date | string | null;
  building_num: string | null;
  full_address: string | null;
  city: string | null;
  post_code: string | null;
  scheme_id: number | null;
  scheme_name: string | null;
  tenant_id: number | null;
  tenant_name: string | null;
  landlords: Array<{ id: number; name: string }> | string;
  lease_end_date: string | null;
  break_party: string | null;
  security_of_tenure: string | null;
}

/** The types in their declared order (expiry, break, notice, the statutory dates, …): a day's order. */
const TYPE_RANK = sql.raw(
  `array_position(ARRAY[${LEASE_EVENT_TYPES.map((t) => `'${t}'`).join(', ')}]::text[], e.type)`,
);

/** The action that counts: one taken on the event's present date (a moved event is open again). */
const ACTION_JOIN = sql`left join lease_event_actions a
  on a.property_id = e.property_id and a.type = e.type and a.seq = e.seq and a.date = e.date`;

const AGENT_ROLES = sql`('landlord', 'landlord_agent', 'tenant_agent')`;

const conditions = (f: LeaseEventFilters): SQL[] => {
  const c: SQL[] = [sql`e.date between ${f.from}::date and ${f.to}::date`];
  if (f.types?.length) c.push(sql`e.type = any(${`{${f.types.join(',')}}`}::text[])`);
  if (f.hard !== undefined) c.push(sql`e.hard = ${f.hard}`);
  if (f.property_id !== undefined) c.push(sql`e.property_id = ${f.property_id}`);
  if (f.scheme_ids?.length) c.push(sql`m.scheme_id = any(${`{${f.scheme_ids.join(',')}}`}::int[])`);
  if (f.town) c.push(sql`e.town = ${f.town}`);
  if (f.tenant_ids?.length) c.push(sql`m.tenant_id = any(${`{${f.tenant_ids.join(',')}}`}::int[])`);
  if (f.landlord_ids?.length)
    c.push(sql`exists (select 1 from property_parties pp where pp.property_id = e.property_id
      and pp.role = 'landlord' and pp.company_id = any(${`{${f.landlord_ids.join(',')}}`}::int[]))`);
  if (f.my_company) {
    const id = f.my_company.companyId;
    c.push(
      id === null
        ? sql`false`
        : sql`(m.tenant_id = ${id}
          or exists (select 1 from properties lp where lp.id = e.property_id and lp.legal_tenant_id = ${id})
          or exists (select 1 from property_parties pp where pp.property_id = e.property_id
            and pp.company_id = ${id} and pp.role in ${AGENT_ROLES}))`,
    );
  }
  if (f.mine)
    c.push(sql`(exists (select 1 from properties cp where cp.id = e.property_id and cp.created_by = ${f.mine.userId})
      or exists (select 1 from deals d where d.property_id = e.property_id and d.created_by = ${f.mine.userId}))`);
  if (f.status === 'open') c.push(sql`a.status is null`);
  else if (f.status !== 'all') c.push(sql`a.status = ${f.status}`);
  return c;
};

/**
 * The unit's scheme and tenant, joined only for the filters that read them: every event is of a
 * let, live unit already and carries its town, so the UK-wide and a town's lists need no join
 * (their counts read the events' indexes alone).
 */
const unitJoin = (f: LeaseEventFilters): SQL =>
  f.scheme_ids?.length || f.tenant_ids?.length || f.my_company
    ? sql`join match_units m on m.property_id = e.property_id`
    : sql``;

/** The matching events' keys and action, in the list's order (match_units: the unit's scheme, tenant). */
const matching = (f: LeaseEventFilters) => sql`
  select e.property_id, e.type, e.seq, e.date, e.hard, ${TYPE_RANK} as rank,
    a.status, a.reason, a.user_id, a.at
  from lease_events e
  ${unitJoin(f)}
  ${ACTION_JOIN}
  where ${sql.join(conditions(f), sql` and `)}`;

const ORDER = sql`x.date, x.property_id, x.rank, x.seq`;

/** The page's rows with what the list shows of each unit, read after the page is cut (one statement). */
const detailed = (page: SQL) => sql`
  select x.property_id, x.type, x.seq, x.date::text as date, x.hard, x.rank,
    coalesce(x.status, 'open') as status, x.reason as status_reason, x.user_id as status_user_id,
    u.name as status_user_name, x.at as status_at,
    p.building_num, ad.full_address, ad.city, ad.post_code, p.scheme_id, s.name as scheme_name,
    p.tenant_id, t.name as tenant_name, p.lease_end_date::text as lease_end_date, p.break_party, p.security_of_tenure,
    (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) order by pp.position, c.name), '[]'::json)
      from property_parties pp join companies c on c.id = pp.company_id
      where pp.property_id = x.property_id and pp.role = 'landlord') as landlords
  from (${page}) x
  join properties p on p.id = x.property_id
  left join addresses ad on ad.id = p.address_id
  left join schemes s on s.id = p.scheme_id
  left join companies t on t.id = p.tenant_id
  left join users u on u.id = x.user_id
  order by ${ORDER}`;

/** The matching events' count (bench twin: leaseEventCountSql). */
export const leaseEventCountSql = (f: LeaseEventFilters): SQL =>
  sql`select count(*)::int as n from (${matching(f)}) x`;

export const countEvents = async (db: Db, f: LeaseEventFilters): Promise<number> =>
  (await preparedRows<{ n: number }>(db, leaseEventCountSql(f)))[0]!.n;

/** One page's statement (bench twin: leaseEventPageSql). */
export const leaseEventPageSql = (f: LeaseEventFilters, limit: number, offset: number): SQL =>
  detailed(sql`select * from (${matching(f)}) x order by ${ORDER} limit ${limit} offset ${offset}`);

/**
 * One page of the work list, sorted by date, unit, type and review number. The page and the count
 * are named prepared statements (one per filter shape, ADR 0023): planning the page's joins cost
 * more than running them on a town's first page.
 */
export const listEvents = async (
  db: Db,
  f: LeaseEventFilters,
  limit: number,
  offset: number,
): Promise<LeaseEventRow[]> => preparedRows<LeaseEventRow>(db, leaseEventPageSql(f, limit, offset));

/** The position after which an export's next batch starts. */
export interface EventCursor {
  date: string;
  property_id: number;
  rank: number;
  seq: number;
}

/** An export's next `size` rows after `after` (keyset: each batch one index range, however deep). */
export const exportBatch = async (
  db: Db,
  f: LeaseEventFilters,
  after: EventCursor | null,
  size: number,
): Promise<LeaseEventRow[]> => {
  const past = after
    ? sql` where (x.date, x.property_id, x.rank, x.seq) > (${after.date}::date, ${after.property_id}::int, ${after.rank}::int, ${after.seq}::int)`
    : sql``;
  return queryRows<LeaseEventRow>(
    db,
    detailed(sql`select * from (${matching(f)}) x${past} order by ${ORDER} limit ${size}`),
  );
};

/**
 * The event as it is now, its row locked (`for update`: two clicks on it are taken one after the
 * other), with the action on it if any. Null when the lease no longer gives it.
 */
export const lockEvent = async (db: Db, k: LeaseEventKey): Promise<{ date: string; hard: boolean } | null> =>
  (
    await queryRows<{ date: string; hard: boolean }>(
      db,
      sql`select date::text as date, hard from lease_events
        where property_id = ${k.property_id} and type = ${k.type} and seq = ${k.seq} for update`,
    )
  )[0] ?? null;

/** Records Done or Dismiss on the event's present date (replacing an earlier action). */
export const saveAction = async (
  db: Db,
  k: LeaseEventKey,
  a: { date: string; status: 'done' | 'dismissed'; reason: string | null; userId: number },
): Promise<void> => {
  await db.execute(sql`insert into lease_event_actions (property_id, type, seq, date, status, reason, user_id, at)
    values (${k.property_id}, ${k.type}, ${k.seq}, ${a.date}::date, ${a.status}, ${a.reason}, ${a.userId}, now())
    on conflict (property_id, type, seq) do update set
      date = excluded.date, status = excluded.status, reason = excluded.reason, user_id = excluded.user_id, at = excluded.at`);
};

/** Reopens the event: its action goes. */
export const deleteAction = async (db: Db, k: LeaseEventKey): Promise<void> => {
  await db.execute(
    sql`delete from lease_event_actions where property_id = ${k.property_id} and type = ${k.type} and seq = ${k.seq}`,
  );
};

/** One event with its unit, as the list answers it (after an action). */
export const findEvent = async (db: Db, k: LeaseEventKey): Promise<LeaseEventRow | null> =>
  (
    await queryRows<LeaseEventRow>(
      db,
      detailed(sql`select e.property_id, e.type, e.seq, e.date, e.hard, ${TYPE_RANK} as rank,
          a.status, a.reason, a.user_id, a.at
        from lease_events e ${ACTION_JOIN}
        where e.property_id = ${k.property_id} and e.type = ${k.type} and e.seq = ${k.seq}`),
    )
  )[0] ?? null;
