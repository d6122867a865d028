import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { LeaseEventType } from '@frontage/shared';
import { queryRows, type Db } from '../../db/client';
import { reminderEmails, reminderPreferences, users } from '../../db/schema';
import { idArray } from '../../db/id-array';

export type PreferencesRow = typeof reminderPreferences.$inferSelect;
export type NewPreferencesRow = typeof reminderPreferences.$inferInsert;
export type ReminderEmailRow = typeof reminderEmails.$inferSelect;
export type NewReminderEmail = typeof reminderEmails.$inferInsert;

export const preferencesOf = async (db: Db, userId: number): Promise<PreferencesRow | undefined> =>
  (await db.select().from(reminderPreferences).where(eq(reminderPreferences.user_id, userId)).limit(1))[0];

/** Writes the whole preference; the unsubscribe token, once made, is kept. */
export const upsertPreferences = async (db: Db, row: NewPreferencesRow): Promise<PreferencesRow> => {
  const { user_id: _user, unsubscribe_token: _token, ...set } = row;
  const rows = await db
    .insert(reminderPreferences)
    .values(row)
    .onConflictDoUpdate({ target: reminderPreferences.user_id, set })
    .returning();
  return rows[0]!;
};

/** Preference rows for users that have none yet (their defaults), so each has its token. */
export const insertPreferencesIfMissing = async (db: Db, rows: NewPreferencesRow[]): Promise<void> => {
  if (rows.length) await db.insert(reminderPreferences).values(rows).onConflictDoNothing();
};

export const preferencesOfUsers = async (db: Db, userIds: number[]): Promise<PreferencesRow[]> =>
  userIds.length
    ? db
        .select()
        .from(reminderPreferences)
        .where(sql`${reminderPreferences.user_id} = any(${idArray(userIds)})`)
    : [];

/** The unsubscribe link: turns e-mail off (once); undefined when no preference holds the token. */
export const unsubscribeByToken = async (db: Db, token: string, now: Date): Promise<number | undefined> => {
  const rows = await db
    .update(reminderPreferences)
    .set({
      email: false,
      email_unsubscribed_at: sql`coalesce(${reminderPreferences.email_unsubscribed_at}, ${now.toISOString()}::timestamptz)`,
      updated_at: now,
    })
    .where(eq(reminderPreferences.unsubscribe_token, token))
    .returning({ user_id: reminderPreferences.user_id });
  return rows[0]?.user_id;
};

export interface Recipient {
  id: number;
  email: string | null;
}

export const recipients = async (db: Db, userIds: number[]): Promise<Recipient[]> =>
  userIds.length
    ? db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(sql`${users.id} = any(${idArray(userIds)})`)
    : [];

export const userEmail = async (db: Db, userId: number): Promise<string | null> =>
  (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1))[0]?.email ??
  null;

/**
 * Who may be reminded of a unit's events, by scope (REMINDER_SCOPES): `mine` — who created it or
 * recorded a deal on it; `my_company` — users of its tenant, legal tenant, landlord or agents;
 * `watched` — who watches the unit, its scheme, or its tenant, legal tenant, landlord or an agent
 * (with the watch's first day: no reminder day before it is caught up).
 * Only users who can sign in (PREFERENCES): a contact without a password never opens the app.
 */
const AUDIENCE = sql`
  select p.created_by as user_id, 'mine' as scope, null::timestamptz as since from properties p
   where p.id = u.property_id and p.created_by is not null
  union
  select d.created_by, 'mine', null from deals d
   where d.property_id = u.property_id and d.created_by is not null
  union
  select us.id, 'my_company', null from properties p
    join users us on us.company_id in (p.tenant_id, p.legal_tenant_id)
   where p.id = u.property_id
  union
  select us.id, 'my_company', null from property_parties pp
    join users us on us.company_id = pp.company_id
   where pp.property_id = u.property_id and pp.role in ('landlord', 'landlord_agent', 'tenant_agent')
  union
  select w.user_id, 'watched', w.created_at from watches w where w.property_id = u.property_id
  union
  select w.user_id, 'watched', w.created_at from properties p
    join watches w on w.scheme_id = p.scheme_id
   where p.id = u.property_id
  union
  select w.user_id, 'watched', w.created_at from properties p
    join watches w on w.company_id in (p.tenant_id, p.legal_tenant_id)
   where p.id = u.property_id
  union
  select w.user_id, 'watched', w.created_at from property_parties pp
    join watches w on w.company_id = pp.company_id
   where pp.property_id = u.property_id and pp.role in ('landlord', 'landlord_agent', 'tenant_agent')`;

/** Every user's preference, the defaults where they saved none (REMINDER_PREFERENCES_DEFAULT). */
const PREFERENCES = (d: {
  scopes: readonly string[];
  hard_offsets: readonly number[];
  soft_offsets: readonly number[];
}) => sql`
  select us.id as user_id,
         coalesce(rp.scopes, ${sql.raw(`array[${d.scopes.map((s) => `'${s}'`).join(',')}]::text[]`)}) as scopes,
         coalesce(rp.hard, true) as hard, coalesce(rp.soft, true) as soft,
         coalesce(rp.hard_offsets, ${sql.raw(`array[${d.hard_offsets.join(',')}]::int[]`)}) as hard_offsets,
         coalesce(rp.soft_offsets, ${sql.raw(`array[${d.soft_offsets.join(',')}]::int[]`)}) as soft_offsets,
         (us.created_at at time zone 'Europe/London')::date as since
    from users us left join reminder_preferences rp on rp.user_id = us.id
   where us.password_hash is not null`;

export interface DeliveredRow {
  property_id: number;
  type: LeaseEventType;
  seq: number;
  event_date: string;
  offset_days: number;
  user_id: number;
}

/**
 * Records the reminders of these units that are due on `today` and not yet sent, and returns
 * them: the caller writes their notifications and e-mails in the same transaction.
 *
 * Due: a live event (lease_events) dated today or later, not done or dismissed for that date
 * (lease_event_actions), of a kind the user wants, on a unit in one of their scopes, whose
 * reminder day (date − offset) has come, and came no earlier than the day the event appeared
 * (lease_event_log.known_since), the user's account was made or, for a watch, the watch began: a
 * portfolio entered or imported today, a new colleague or a new watch does not bring a reminder for every event of the next six months at
 * once (ADR 0089; the work list shows them). Of an event's passed reminder days only the latest
 * is sent: a reminder that comes late (preferences saved, event moved, server down) does not bring
 * the earlier ones with it, and one already sent for this offset or a nearer one stops it. The
 * unique key of lease_reminders_sent makes a second writer — another process, a retried job —
 * insert nothing (ON CONFLICT waits for the first writer's commit, then skips).
 */
export const recordDue = async (
  db: Db,
  opts: {
    propertyIds: readonly number[];
    today: string;
    now: Date;
    maxOffset: number;
    defaults: { scopes: readonly string[]; hard_offsets: readonly number[]; soft_offsets: readonly number[] };
  },
): Promise<DeliveredRow[]> => {
  if (!opts.propertyIds.length) return [];
  const today = sql`${opts.today}::date`;
  return queryRows<DeliveredRow>(
    db,
    sql`
    with prefs as (${PREFERENCES(opts.defaults)}),
    ev as (
      select e.property_id, e.type, e.seq, e.date, e.hard,
             (l.known_since at time zone 'Europe/London')::date as since
        from lease_events e
        join lease_event_log l on l.property_id = e.property_id and l.type = e.type and l.seq = e.seq
       where e.property_id = any(${idArray([...opts.propertyIds])})
         and e.date >= ${today} and e.date <= ${today} + ${opts.maxOffset}::int
    ),
    aud as (
      select u.property_id, a.user_id, a.scope, min((a.since at time zone 'Europe/London')::date) as since
        from (select distinct property_id from ev) u
        cross join lateral (${AUDIENCE}) a
       group by 1, 2, 3
    ),
    cand as (
      select ev.property_id, ev.type, ev.seq, ev.date, o.offset_days, pr.user_id
        from ev
        join aud on aud.property_id = ev.property_id
        join prefs pr on pr.user_id = aud.user_id and aud.scope = any(pr.scopes)
        cross join lateral unnest(case when ev.hard then pr.hard_offsets else pr.soft_offsets end) as o(offset_days)
       where (case when ev.hard then pr.hard else pr.soft end)
         and ev.date - o.offset_days <= ${today}
         and ev.date - o.offset_days >= greatest(ev.since, pr.since, aud.since)
         and not exists (
           select 1 from lease_event_actions ac
            where ac.property_id = ev.property_id and ac.type = ev.type and ac.seq = ev.seq and ac.date = ev.date)
    ),
    due as (
      select distinct on (property_id, type, seq, user_id) *
        from cand order by property_id, type, seq, user_id, offset_days
    )
    insert into lease_reminders_sent (property_id, type, seq, event_date, offset_days, user_id, sent_at)
    select d.property_id, d.type, d.seq, d.date, d.offset_days, d.user_id, ${opts.now.toISOString()}::timestamptz
      from due d
     where not exists (
       select 1 from lease_reminders_sent s
        where s.property_id = d.property_id and s.type = d.type and s.seq = d.seq
          and s.event_date = d.date and s.user_id = d.user_id and s.offset_days <= d.offset_days)
    on conflict do nothing
    returning property_id, type, seq::int as seq, event_date::text as event_date, offset_days::int as offset_days, user_id`,
  );
};

/** Units with events that may have a reminder due (keyset over the unit id): the sweep's walk. */
export const unitsWithEvents = async (
  db: Db,
  opts: { after: number; limit: number; today: string; maxOffset: number },
): Promise<number[]> =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`select distinct property_id as id from lease_events
           where property_id > ${opts.after}
             and date >= ${opts.today}::date and date <= ${opts.today}::date + ${opts.maxOffset}::int
           order by property_id limit ${opts.limit}`,
    )
  ).map((r) => r.id);

/** Units whose events changed (lease_event_log) since this instant. */
export const unitsChangedSince = async (db: Db, since: Date): Promise<number[]> =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`select distinct property_id as id from lease_event_log
           where changed_at >= ${since.toISOString()}::timestamptz and removed_at is null order by 1`,
    )
  ).map((r) => r.id);

/** The units' labels for messages: "Unit 4, 12 High Street, Leeds". */
export const unitLabels = async (db: Db, ids: readonly number[]): Promise<Map<number, string>> => {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: number; label: string }>(
    db,
    sql`select p.id, concat_ws(', ', nullif(btrim(p.building_num), ''), a.full_address) as label
          from properties p join addresses a on a.id = p.address_id where p.id = any(${idArray([...ids])})`,
  );
  return new Map(rows.map((r) => [r.id, r.label]));
};

export const insertEmails = async (db: Db, rows: NewReminderEmail[]): Promise<number[]> =>
  rows.length
    ? (await db.insert(reminderEmails).values(rows).returning({ id: reminderEmails.id })).map((r) => r.id)
    : [];

/**
 * Takes an unsent e-mail for sending: nobody else has it, or the one who took it has been silent
 * longer than `staleBefore` (their process died). Counted as an attempt.
 */
export const claimEmail = async (
  db: Db,
  id: number,
  now: Date,
  staleBefore: Date,
): Promise<ReminderEmailRow | undefined> =>
  (
    await db
      .update(reminderEmails)
      .set({ claimed_at: now, attempts: sql`${reminderEmails.attempts} + 1` })
      .where(
        and(
          eq(reminderEmails.id, id),
          isNull(reminderEmails.sent_at),
          or(isNull(reminderEmails.claimed_at), lt(reminderEmails.claimed_at, staleBefore)),
        ),
      )
      .returning()
  )[0];

export const markEmailSent = async (db: Db, id: number, now: Date): Promise<void> => {
  await db.update(reminderEmails).set({ sent_at: now, last_error: null }).where(eq(reminderEmails.id, id));
};

/** Releases a claim after a failed send, so the job's retry may take it again at once. */
export const releaseEmail = async (db: Db, id: number, error: string): Promise<void> => {
  await db
    .update(reminderEmails)
    .set({ claimed_at: null, last_error: error.slice(0, 1000) })
    .where(eq(reminderEmails.id, id));
};
