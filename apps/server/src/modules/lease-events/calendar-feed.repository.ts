import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
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
  changed_at: Date | null;
  unit_label: string;
  tenant: string | null;
  landlords: string | null;
  lease_end_date: string | null;
  break_party: string | null;
  action_status: string | null;
  action_reason: string | null;
  action_by: string | null;
  action_at: Date | null;
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

/**
 * The feed's events in one statement: the units in the user's scope — where the user's company
 * is tenant, legal tenant, landlord or an agent, or the user created the unit or recorded a deal
 * on it — their live events in the window, and their events removed since `removedSince`
 * (cancelled); each with its log's sequence and the action taken on its current date. Archived
 * units are left out (their events leave lease_events; a removed event of one is not shown either).
 */
export const feedEventsSql = (w: FeedWindow): SQL =>
  sql`with scope as (
          select id as property_id from properties where created_by = ${w.userId}
          union
          select property_id from deals where created_by = ${w.userId} and property_id is not null
          union
          select id from properties where tenant_id = ${w.companyId}::int or legal_tenant_id = ${w.companyId}::int
          union
          select property_id from property_parties
           where company_id = ${w.companyId}::int and role in ('landlord', 'landlord_agent', 'tenant_agent')
        ),
        picked as (
          select e.property_id, e.type, e.seq, e.date, e.hard, false as cancelled
            from scope s join lease_events e on e.property_id = s.property_id
           where e.date between ${w.from}::date and ${w.to}::date
          union all
          select l.property_id, l.type, l.seq, l.date, l.hard, true
            from scope s join lease_event_log l on l.property_id = s.property_id
           where l.removed_at >= ${w.removedSince.toISOString()}::timestamptz
          order by 4, 1, 2, 3
          limit ${w.limit}
        )
        select ev.property_id, ev.type, ev.seq, ev.date::text as date, ev.hard, ev.cancelled,
               coalesce(lg.sequence, 0) as sequence, lg.changed_at,
               concat_ws(', ', nullif(btrim(p.building_num), ''), a.full_address) as unit_label,
               t.name as tenant,
               (select string_agg(c.name, ', ' order by pp.position, c.name)
                  from property_parties pp join companies c on c.id = pp.company_id
                 where pp.property_id = p.id and pp.role = 'landlord') as landlords,
               p.lease_end_date::text as lease_end_date, p.break_party,
               act.status as action_status, act.reason as action_reason, au.name as action_by,
               act.at as action_at
          from picked ev
          join properties p on p.id = ev.property_id and p.archived_at is null
          join addresses a on a.id = p.address_id
          left join companies t on t.id = p.tenant_id
          left join lease_event_log lg
            on lg.property_id = ev.property_id and lg.type = ev.type and lg.seq = ev.seq
          left join lease_event_actions act
            on not ev.cancelled and act.property_id = ev.property_id and act.type = ev.type
               and act.seq = ev.seq and act.date = ev.date
          left join users au on au.id = act.user_id
         order by ev.date, ev.property_id, ev.type, ev.seq`;

export const feedEvents = (db: Db, w: FeedWindow): Promise<FeedEventRow[]> =>
  queryRows<FeedEventRow>(db, feedEventsSql(w));
