/**
 * The demo's lease-event reminders (ADR 0089), sent by the server's own sweep, so that the demo
 * agent's bell shows real cases the moment the demo starts. A fresh portfolio is reminded only of
 * the reminder days that come after it appeared; the demo's leases are taken as known for the
 * last week, so the sweep sends the reminders whose day was today or in that week, each recorded
 * as sent: the server's first sweep after start finds them sent and sends none again.
 */
import { REMINDER_PREFERENCES_DEFAULT, LEASE_REMINDER_NOTIFICATION_TYPE } from '@frontage/shared';
import { count, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import type { ServiceDeps } from '../../deps';
import { putPreferences, sweep } from '../../modules/reminders/reminders.service';
import { leaseEventLog, notifications } from '../schema';
import type { SeedStep } from './steps';

/** How many days back from the seed the demo's events count as known (its catch-up window). */
export const DEMO_REMINDER_DAYS = 7;
const DAY = 86_400_000;

export const seedReminders: SeedStep = async (ctx) => {
  const deps: ServiceDeps = {
    db: ctx.tx,
    // Reminders in the app only: the seed sends no e-mail, whatever SMTP the server has.
    config: { ...loadConfig({}), mail: null },
    now: () => ctx.now,
  };
  // The admin recorded every demo unit, so "units I created" would remind them of all 5,000
  // leases: their reminders cover their company's units and what they watch.
  await putPreferences(deps, ctx.adminId, {
    ...REMINDER_PREFERENCES_DEFAULT,
    scopes: REMINDER_PREFERENCES_DEFAULT.scopes.filter((s) => s !== 'mine'),
  });
  await ctx.tx
    .update(leaseEventLog)
    .set({ known_since: new Date(ctx.now.getTime() - DEMO_REMINDER_DAYS * DAY) });
  // Statistics of what this transaction has written so far (ANALYZE counts its own transaction's
  // rows): planned on the empty tables' figures, the sweep's reminder query for a few hundred
  // units at a time took seconds a call on PostgreSQL, and the seed more than five minutes.
  await ctx.tx.execute(
    sql`analyze lease_events, lease_event_log, lease_event_actions, properties, property_parties, deals, watches, users`,
  );
  await sweep(deps);
  const [sent] = await ctx.tx
    .select({ n: count() })
    .from(notifications)
    .where(eq(notifications.type, LEASE_REMINDER_NOTIFICATION_TYPE));
  ctx.log(`lease reminders: ${sent!.n}`);
  return { lease_reminders: Number(sent!.n) };
};
