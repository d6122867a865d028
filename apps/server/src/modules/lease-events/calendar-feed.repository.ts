import { eq, sql, type SQL } from 'drizzle-orm';
import { type Db } from '../../db/client';
import { fixedStatement } from '../../db/prepared';
import { calendarFeeds, users } from '../../db/schema';

/** The feed's owner as the `.ics` route needs them: null when the token is unknown. */
export interface FeedOwner {
  userId: number;
  companyId: number | null;
  tokenHash: string;
  /** The account may still sign in (a deactivated contact has no password). */
  active: boolean;
}

export const findFeedOwner = async (db: Db, tokenHash: string): Promise<FeedOwner | null> => {
  const rows = await db
    .select({
      userId: users.id,
      companyId: users.company_id,
      tokenHash: calendarFeeds.token_hash,
      active: sql<boolean>`${users.password_hash} is not null`,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.user_id))
    .where(eq(calendarFeeds.token_hash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
};

export const findFeedOf = async (db: Db, userId: number): Promise<{ created_at: Date } | null> => {
  const rows = await db
    .select({ created_at: calendarFeeds.created_at })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.user_id, userId));
  return rows[0] ?? null;
};

/** Creates the user's feed or replaces its token (the old URL stops working in the same statement). */
export const putFeed = async (db: Db, userId: number, tokenHash: string, now: Date): Promise<void> => {
  await db
    .insert(calendarFeeds)
    .values({ user_id: userId, token_hash: tokenHash, created_at: now })
    .onConflictDoUpdate({ target: calendarFeeds.user_id, set: { token_hash: tokenHash, created_at: now } });
};

export const deleteFeed = async (db: Db, userId: number): Promise<boolean> =>
  (await db.delete(calendarFeeds).where(eq(calendarFeeds.user_id, userId)).returning()).length > 0;

/** One event of a feed, with what its summary and description say. */
export interface FeedEventRow {
  property_id: number;
  type: string;
  seq: number;
  /** yyyy-mm-dd */
  date: string;
  hard: boolean;
  cancelled: boolean;
  /** lease_event_log.sequence: raised on every change of the event. */
  sequence: number;
  /** A timestamp: text from PostgreSQL, a Date from PGlite. */
  changed_at: string | Date | null;
  unit_label: string;
  tenant: string | null;
  landlords: string | null;
  lease_end_date: string | null;
  break_party: string | null;
  action_status: string | null;
  action_reason: string | null;
  action_by: string | null;
  action_at: string | Date | null;
}

export interface FeedWindow {
  userId: number;
  companyId: number | null;
  /** Events dated from … to (yyyy-mm-dd, inclusive). */
  from: string;
  to: string;
  /** Events removed since then are kept, cancelled. */
  removedSince: Date;
  limit: number;
}

/** The feed's rows, or none when they are those of the digest the caller already has. */
export interface FeedRows {
  /** Digest of every row the statement found, in order (base64 of their text's SHA-256). */
  digest: string;
  /** Some event has neither a log time nor an action: its DTSTAMP is the time of writing. */
  timeless: boolean;
  /** Empty when `digest` is the one the caller named. */
  events: FeedEventRow[];
}

/**
 * The feed's events in one statement: the units in the user's scope — where the user's company
 * is tenant, legal tenant, landlord or an agent, or the user created the unit or recorded a deal
 * on it — their live events in the window, and their events removed since `removedSince`
 * (cancelled); each with its log's sequence and the action taken on its current date. Archived
 * units are left out (their events leave lease_events; a removed event of one is not shown either).
 * What the feed says of a unit (its label, tenant, landlords, lease end) is read once per unit
 * (`units`), not once per event: a unit has several events, and the landlords' list was a
 * subquery per event. The statement also digests every row it found (ADR 0106): when that is the
 * digest the caller already wrote a feed from (`known`), it answers the digest alone, so an
 * unchanged feed costs no transfer of its rows, no parsing and no writing.
 */
const feedStatement = (
  userId: unknown,
  companyId: unknown,
  from: unknown,
  to: unknown,
  removedSince: unknown,
  limit: unknown,
  known: unknown,
): SQL =>
  sql`with scope as materialized (
          select id as property_id from properties where created_by = ${userId}::int
          union
          select property_id from deals where created_by = ${userId}::int and property_id is not null
          union
          select id from properties where tenant_id = ${companyId}::int or legal_tenant_id = ${companyId}::int
          union
          select property_id from property_parties
           where company_id = ${companyId}::int and role in ('landlord', 'landlord_agent', 'tenant_agent')
        ),
        picked as materialized (
          select l.property_id, l.type, l.seq, l.date, l.hard, l.removed_at is not null as cancelled,
                 l.sequence, l.changed_at
            from scope s join lease_event_log l on l.property_id = s.property_id
           where (l.removed_at is null and l.date between ${from}::date and ${to}::date)
              or l.removed_at >= ${removedSince}::timestamptz
           order by 4, 1, 2, 3
           limit ${limit}::int
        ),
        ids as materialized (select distinct property_id from picked),
        landlords as (
          select pp.property_id, string_agg(c.name, ', ' order by pp.position, c.name) as landlords
            from ids join property_parties pp on pp.property_id = ids.property_id and pp.role = 'landlord'
            join companies c on c.id = pp.company_id
           group by pp.property_id
        ),
        units as materialized (
          select p.id, concat_ws(', ', nullif(btrim(p.building_num), ''), a.full_address) as unit_label,
                 t.name as tenant, l.landlords, p.lease_end_date::text as lease_end_date, p.break_party
            from ids
            join properties p on p.id = ids.property_id and p.archived_at is null
            join addresses a on a.id = p.address_id
            left join companies t on t.id = p.tenant_id
            left join landlords l on l.property_id = p.id
        ),
        events as materialized (
          select ev.property_id, ev.type, ev.seq, ev.date, ev.hard, ev.cancelled,
                 coalesce(ev.sequence, 0) as sequence, ev.changed_at,
                 act.status as action_status, act.reason as action_reason, au.name as action_by,
                 act.at as action_at
            from picked ev
            left join lease_event_actions act
              on not ev.cancelled and act.property_id = ev.property_id and act.type = ev.type
                 and act.seq = ev.seq and act.date = ev.date
            left join users au on au.id = act.user_id
        ),
        -- The text is a function of these rows: each unit once, each event with its action.
        stamp as materialized (
          select encode(sha256(convert_to(
                   coalesce((select string_agg(u::text, e'\n' order by u.id) from units u), '') || e'\f' ||
                   coalesce((select string_agg(e::text, e'\n' order by e.date, e.property_id, e.type, e.seq)
                               from events e), ''), 'UTF8')), 'base64') as digest,
                 coalesce((select bool_or(e.changed_at is null and e.action_at is null) from events e), false)
                   as timeless
        ),
        feed as (
          select e.property_id, e.type, e.seq, e.date::text as date, e.hard, e.cancelled, e.sequence,
                 e.changed_at, u.unit_label, u.tenant, u.landlords, u.lease_end_date, u.break_party,
                 e.action_status, e.action_reason, e.action_by, e.action_at
            from events e join units u on u.id = e.property_id
        )
        select s.digest, s.timeless, f.*
          from stamp s
          left join lateral (select * from feed where s.digest is distinct from ${known}::text) f on true
         order by f.date, f.property_id, f.type, f.seq`;

const windowValues = (w: FeedWindow, known: string | null) =>
  [w.userId, w.companyId, w.from, w.to, w.removedSince.toISOString(), w.limit, known] as const;

/** The statement with its values in place (the bench's twin sends exactly this). */
export const feedEventsSql = (w: FeedWindow, known: string | null = null): SQL =>
  feedStatement(...windowValues(w, known));

// Prepared once per connection on PostgreSQL: planning the statement cost a tenth of running it.
const feedEventsStatement = fixedStatement(feedStatement);

type FeedRow = { digest: string; timeless: boolean } & (FeedEventRow | { [K in keyof FeedEventRow]: null });

/** The feed's rows in order, with their digest; no rows when `known` is still their digest. */
export const feedEvents = async (db: Db, w: FeedWindow, known: string | null): Promise<FeedRows> => {
  const rows = await feedEventsStatement<FeedRow>(db, ...windowValues(w, known));
  const first = rows[0]!;
  const events = rows.filter((r): r is FeedRow & FeedEventRow => r.property_id !== null);
  return { digest: first.digest, timeless: first.timeless, events };
};
