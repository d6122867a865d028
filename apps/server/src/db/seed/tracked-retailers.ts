/**
 * Demo tracked retailers: the first 40 seeded retailers (real UK brands, already the
 * tenants of units across the demo towns, with their categories) get a core id. The store events
 * the earlier steps' inserts and edits wrote (dated the seed's day) are replaced by one opening
 * per let unit dated its lease start (deals keep theirs); then each tracked retailer has a few
 * store changes in the last 12 months (openings on vacant units, closures, moves in one town),
 * made through the properties trigger so store_count and store_events agree. Finally the
 * verification mix: some verified after their last change (green), some verified before it
 * (orange), some never (grey). A handful of statements per retailer: fast.
 */
import { sql } from 'drizzle-orm';
import type { SeedContext, SeedStep } from './steps';

export const SEED_TRACKED_RETAILERS = 40;
const DAY = 86_400_000;

/** Units with deals keep their latest deal's tenant (the deals' own step checks that). */
const NO_DEAL = sql`not exists (select 1 from deals d where d.property_id = p.id)`;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Moves unit `id` to `tenant` as of `onDate`, through the trigger (store_events, store_count). */
const setTenant = async (ctx: SeedContext, id: number, tenant: number | null, onDate: string) => {
  await ctx.tx.execute(
    sql`select set_config('frontage.event_date', ${onDate}, true), set_config('frontage.deal_id', '', true)`,
  );
  await ctx.tx.execute(sql`update properties set tenant_id = ${tenant}, updated_at = now() where id = ${id}`);
};

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export const seedTrackedRetailers: SeedStep = async (ctx) => {
  const { tx, rand, now } = ctx;
  const tracked = ctx.companies.filter((c) => c.kind === 'retailer').slice(0, SEED_TRACKED_RETAILERS);
  await tx.execute(sql`update companies set core_id = null where core_id is not null`);
  for (const c of tracked)
    await tx.execute(
      sql`update companies set core_id = ${'TR' + String(c.id).padStart(7, '0')} where id = ${c.id}`,
    );

  // The events so far, minus the deals': one opening per let unit, dated its lease start.
  await tx.execute(sql`delete from store_events where deal_id is null`);
  await tx.execute(sql`insert into store_events (company_id, property_id, kind, on_date)
    select p.tenant_id, p.id, 'opening', coalesce(p.lease_start_date, p.created_at::date) from properties p
    where p.tenant_id is not null and not exists (
      select 1 from store_events e where e.property_id = p.id and e.company_id = p.tenant_id and e.kind = 'opening')
    order by p.id`);

  // A few changes per tracked retailer over the last year, oldest first.
  let changes = 0;
  const vacant = rowsOf<{ id: number; town: string }>(
    await tx.execute(sql`select p.id, lower(a.city) as town from properties p join addresses a on a.id = p.address_id
      where p.tenant_id is null and ${NO_DEAL} order by p.id`),
  );
  for (const c of tracked) {
    const held = rowsOf<{ id: number; town: string }>(
      await tx.execute(sql`select p.id, lower(a.city) as town from properties p join addresses a on a.id = p.address_id
        where p.tenant_id = ${c.id} and ${NO_DEAL} order by p.id`),
    );
    const n = rand.int(0, 3);
    for (let k = 0; k < n && vacant.length; k++) {
      // At least 50 days back, so a move's opening (up to 45 days after its closure) is never in the future.
      const day = isoDay(new Date(now.getTime() - rand.int(50, 360) * DAY));
      const roll = rand.next();
      const from = held.length > 1 ? held.splice(rand.int(0, held.length - 1), 1)[0]! : undefined;
      if (roll < 0.35 && from) {
        // A move: closes one store and opens a vacant unit in the same town weeks later.
        const toIdx = vacant.findIndex((v) => v.town === from.town);
        if (toIdx >= 0) {
          const to = vacant.splice(toIdx, 1)[0]!;
          await setTenant(ctx, from.id, null, day);
          await setTenant(ctx, to.id, c.id, isoDay(new Date(Date.parse(day) + rand.int(7, 45) * DAY)));
          vacant.push(from);
          changes += 2;
          continue;
        }
      }
      if (roll < 0.6 && from) {
        await setTenant(ctx, from.id, null, day);
        vacant.push(from);
      } else {
        const to = vacant.splice(rand.int(0, vacant.length - 1), 1)[0]!;
        await setTenant(ctx, to.id, c.id, day);
      }
      changes++;
    }
  }

  // store_changed_at: its latest event (the trigger stamped the seed's moment on every retailer).
  await tx.execute(sql`update companies c set store_changed_at = (
      select max(e.on_date)::timestamptz + interval '11 hours' from store_events e where e.company_id = c.id)`);
  // The other companies keep the seed's mix (their stores' inserts above cleared is_verified).
  await tx.execute(
    sql`update companies set is_verified = (id % 10 < 7) where core_id is null and verified_at is not null`,
  );
  // Verification: verified after the last change (green), before it (orange), or never (grey).
  let verified = 0;
  let lapsed = 0;
  for (const [i, c] of tracked.entries()) {
    const state = i % 3 === 0 ? 'verified' : i % 3 === 1 ? 'lapsed' : 'never';
    if (state === 'verified') {
      verified++;
      await tx.execute(sql`update companies set is_verified = true,
        verified_at = least(${now}::timestamptz, coalesce(store_changed_at, ${now}::timestamptz) + ${rand.int(1, 20)} * interval '1 day')
        where id = ${c.id}`);
    } else if (state === 'lapsed') {
      lapsed++;
      await tx.execute(sql`update companies set is_verified = false,
        store_changed_at = greatest(store_changed_at, ${now}::timestamptz - ${rand.int(3, 60)} * interval '1 day'),
        verified_at = greatest(store_changed_at, ${now}::timestamptz - ${rand.int(3, 60)} * interval '1 day') - ${rand.int(20, 200)} * interval '1 day'
        where id = ${c.id}`);
    } else {
      await tx.execute(sql`update companies set is_verified = false, verified_at = null where id = ${c.id}`);
    }
  }
  return { tracked_retailers: tracked.length, store_changes: changes, verified, lapsed };
};
