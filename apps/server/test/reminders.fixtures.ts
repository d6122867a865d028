/**
 * Units, users and lease events for the reminder tests. `putEvents` writes events as the derived
 * layer's refresh does (lease_events, and lease_event_log for a change) on units with no lease
 * terms of their own (so no trigger derives others beside them): a test chooses exactly which
 * events are due. One test in reminders.test.ts derives them from a unit's lease instead.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client';

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A company with `n` users who can sign in (a password hash), with accounts a year old. */
export const companyWithUsers = async (db: Db, name: string, n: number, emailPrefix?: string) => {
  const [c] = await queryRows<{ id: number }>(
    db,
    sql`insert into companies (name) values (${name}) returning id`,
  );
  const users = await queryRows<{ id: number }>(
    db,
    sql`insert into users (name, email, company_id, password_hash, created_at)
        select ${name} || ' user ' || g, case when ${emailPrefix ?? null}::text is null then null
                                            else ${emailPrefix ?? ''} || g || '@example.com' end,
               ${c!.id}, 'x', now() - interval '1 year' from generate_series(1, ${n}::int) g returning id`,
  );
  return { companyId: c!.id, userIds: users.map((u) => u.id) };
};

/** `n` let units of a tenant, each created by `createdBy`; returns their ids. */
export const letUnits = async (db: Db, n: number, tenantId: number, createdBy: number | null = null) => {
  const [a] = await queryRows<{ id: number }>(
    db,
    sql`insert into addresses (street, city, post_code) values ('12 High Street', 'Leeds', 'LS1 1AA') returning id`,
  );
  return (
    await queryRows<{ id: number }>(
      db,
      sql`insert into properties (building_num, address_id, tenant_id, created_by)
          select 'Unit ' || g, ${a!.id}, ${tenantId}, ${createdBy} from generate_series(1, ${n}::int) g
          returning id`,
    )
  ).map((r) => r.id);
};

/** An event of each unit on this date (and its log row, as the refresh writes it). */
export const putEvents = async (
  db: Db,
  unitIds: number[],
  type: string,
  date: string,
  opts: { hard?: boolean; seq?: number; knownSince?: Date } = {},
) => {
  // Known for a year unless a test says otherwise: every reminder day of the tests' events has
  // passed since the event appeared, as for a portfolio that has been in the app a while.
  const knownSince = (opts.knownSince ?? new Date(Date.now() - 366 * 86_400_000)).toISOString();
  const hard = opts.hard ?? true;
  const seq = opts.seq ?? 0;
  const ids = `{${unitIds.join(',')}}`;
  await queryRows(
    db,
    sql`insert into lease_events (property_id, type, seq, date, hard)
        select id, ${type}, ${seq}, ${date}::date, ${hard} from unnest(${ids}::int[]) id
        on conflict (property_id, type, seq) do update set date = excluded.date, hard = excluded.hard`,
  );
  await queryRows(
    db,
    sql`insert into lease_event_log (property_id, type, seq, date, hard, sequence, changed_at, known_since)
        select id, ${type}, ${seq}, ${date}::date, ${hard}, 0, now(), ${knownSince}::timestamptz
          from unnest(${ids}::int[]) id
        on conflict (property_id, type, seq) do update
          set date = excluded.date, hard = excluded.hard, sequence = lease_event_log.sequence + 1,
              changed_at = excluded.changed_at, removed_at = null`,
  );
};

export const sentCount = async (db: Db): Promise<{ sent: number; notes: number; dupes: number }> => {
  const [r] = await queryRows<{ sent: number; notes: number; dupes: number }>(
    db,
    sql`select (select count(*)::int from lease_reminders_sent) as sent,
               (select count(*)::int from notifications where type = 'lease_reminder') as notes,
               (select count(*)::int from (
                  select 1 from notifications where type = 'lease_reminder'
                   group by user_id, entity_id, data->>'event_id', data->>'event_date' having count(*) > 1) d) as dupes`,
  );
  return r!;
};
