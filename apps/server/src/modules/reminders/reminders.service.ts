/**
 * Lease-event reminders (ADR 0089): each user's preferences, and the delivery that turns due
 * (event, offset, user) triples into a notification — and an e-mail when SMTP is configured —
 * exactly once, however many processes sweep and however often one dies.
 */
import { randomBytes } from 'node:crypto';
import {
  entityPath,
  LEASE_REMINDER_NOTIFICATION_TYPE,
  leaseReminderMessage,
  REMINDER_OFFSET_MAX_DAYS,
  REMINDER_PREFERENCES_DEFAULT,
  sortOffsets,
  type ReminderPreferences,
  type ReminderPreferencesBody,
  type ReminderScope,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { publishNotificationChanges } from '../../events';
import { insertNotifications, type NewNotification } from '../notifications/notifications.repository';
import { reminderMail, type Mailer } from './reminders.mail';
import * as repo from './reminders.repository';

export const REMINDER_QUEUES = {
  /** Daily: walks every unit with events in reach and queues their delivery in chunks. */
  sweep: 'lease-reminders.sweep',
  /** Every minute: the units whose events changed lately (lease_event_log) are queued. */
  changes: 'lease-reminders.changes',
  /** One chunk of units: their due reminders delivered in one transaction. */
  deliver: 'lease-reminders.deliver',
  /** One outbox e-mail handed to SMTP. */
  email: 'reminder-emails.send',
} as const;

/** Units per delivery transaction. */
export const DELIVER_CHUNK = 100;
/** The changes job looks this far back: a minute's tick, with room for a late or missed one. */
export const CHANGES_LOOKBACK_MS = 5 * 60_000;
/** An e-mail claimed this long ago by a sender that never marked it is taken as abandoned. */
export const EMAIL_CLAIM_STALE_MS = 10 * 60_000;

const londonDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** Reminder days are calendar days in the UK. */
export const todayInLondon = (now: Date): string => londonDay.format(now);

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const newToken = (): string => randomBytes(24).toString('base64url');

const present = (
  row: Omit<repo.PreferencesRow, 'user_id' | 'unsubscribe_token' | 'updated_at'> | undefined,
  emailAvailable: boolean,
): ReminderPreferences => ({
  scopes: (row?.scopes ?? REMINDER_PREFERENCES_DEFAULT.scopes) as ReminderScope[],
  hard: row?.hard ?? REMINDER_PREFERENCES_DEFAULT.hard,
  soft: row?.soft ?? REMINDER_PREFERENCES_DEFAULT.soft,
  hard_offsets: sortOffsets(row?.hard_offsets ?? REMINDER_PREFERENCES_DEFAULT.hard_offsets),
  soft_offsets: sortOffsets(row?.soft_offsets ?? REMINDER_PREFERENCES_DEFAULT.soft_offsets),
  email: row?.email ?? REMINDER_PREFERENCES_DEFAULT.email,
  email_unsubscribed_at: row?.email_unsubscribed_at?.toISOString() ?? null,
  email_available: emailAvailable,
});

const emailAvailable = async (deps: ServiceDeps, userId: number): Promise<boolean> =>
  !!deps.config.mail && !!(await repo.userEmail(deps.db, userId));

export const getPreferences = async (deps: ServiceDeps, userId: number): Promise<ReminderPreferences> =>
  present(await repo.preferencesOf(deps.db, userId), await emailAvailable(deps, userId));

/**
 * Saves the whole preference. Turning e-mail on clears the unsubscribe (the profile's undo).
 * Reminders the new preference makes due go out with the next sweep or change.
 */
export const putPreferences = async (
  deps: ServiceDeps,
  userId: number,
  body: ReminderPreferencesBody,
): Promise<ReminderPreferences> => {
  const now = deps.now();
  const row = await repo.upsertPreferences(deps.db, {
    user_id: userId,
    scopes: [...new Set(body.scopes)],
    hard: body.hard,
    soft: body.soft,
    hard_offsets: sortOffsets(body.hard_offsets),
    soft_offsets: sortOffsets(body.soft_offsets),
    email: body.email,
    ...(body.email ? { email_unsubscribed_at: null } : {}),
    unsubscribe_token: newToken(),
    updated_at: now,
  });
  return present(row, await emailAvailable(deps, userId));
};

/** The e-mails' unsubscribe link; false when the token is unknown. */
export const unsubscribe = async (deps: ServiceDeps, token: string): Promise<boolean> =>
  (await repo.unsubscribeByToken(deps.db, token, deps.now())) !== undefined;

/**
 * Delivers the due reminders of these units in ONE transaction: the sent rows, their
 * notifications, the e-mails' outbox rows and the jobs that send them commit together or not at
 * all. Returns how many reminders it delivered (0 when another process got there first).
 */
export const deliverUnits = async (deps: ServiceDeps, propertyIds: readonly number[]): Promise<number> => {
  const now = deps.now();
  const today = todayInLondon(now);
  const delivered = await deps.db.transaction(async (tx) => {
    const rows = await repo.recordDue(tx, {
      propertyIds,
      today,
      now,
      maxOffset: REMINDER_OFFSET_MAX_DAYS,
      defaults: REMINDER_PREFERENCES_DEFAULT,
    });
    if (!rows.length) return rows;
    const labels = await repo.unitLabels(tx, [...new Set(rows.map((r) => r.property_id))]);
    const messages = rows.map((r) =>
      leaseReminderMessage(
        r.type,
        labels.get(r.property_id) ?? `Unit ${r.property_id}`,
        r.event_date,
        daysBetween(today, r.event_date),
      ),
    );
    const notes: NewNotification[] = rows.map((r, i) => ({
      user_id: r.user_id,
      type: LEASE_REMINDER_NOTIFICATION_TYPE,
      message: messages[i]!,
      entity_type: 'property',
      entity_id: r.property_id,
      url: entityPath('property', r.property_id),
      data: {
        event_id: `${r.property_id}-${r.type}-${r.seq}`,
        event_date: r.event_date,
        offset_days: r.offset_days,
      },
      created_at: now,
    }));
    await insertNotifications(tx, notes);
    if (deps.config.mail) await queueEmails(deps, tx, rows, messages, now);
    return rows;
  });
  if (delivered.length) await publishNotificationChanges(deps.db, new Set(delivered.map((r) => r.user_id)));
  return delivered.length;
};

/** One outbox e-mail per user who wants e-mail and has an address, with its sending job. */
const queueEmails = async (
  deps: ServiceDeps,
  tx: ServiceDeps['db'],
  rows: repo.DeliveredRow[],
  messages: string[],
  now: Date,
): Promise<void> => {
  const byUser = new Map<number, { message: string; propertyId: number }[]>();
  rows.forEach((r, i) => {
    const items = byUser.get(r.user_id) ?? [];
    items.push({ message: messages[i]!, propertyId: r.property_id });
    byUser.set(r.user_id, items);
  });
  const userIds = [...byUser.keys()];
  const people = (await repo.recipients(tx, userIds)).filter((p) => p.email);
  if (!people.length) return;
  // Users on the defaults get their row now: the e-mail's unsubscribe link needs its token.
  await repo.insertPreferencesIfMissing(
    tx,
    people.map((p) => ({
      user_id: p.id,
      ...REMINDER_PREFERENCES_DEFAULT,
      scopes: [...REMINDER_PREFERENCES_DEFAULT.scopes],
      unsubscribe_token: newToken(),
      updated_at: now,
    })),
  );
  const prefs = new Map((await repo.preferencesOfUsers(tx, userIds)).map((p) => [p.user_id, p]));
  const outbox: repo.NewReminderEmail[] = [];
  for (const p of people) {
    const pref = prefs.get(p.id);
    if (!pref?.email) continue;
    const mail = reminderMail(deps.config.publicUrl, byUser.get(p.id)!, pref.unsubscribe_token);
    outbox.push({
      user_id: p.id,
      to_address: p.email!,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      created_at: now,
    });
  }
  const ids = await repo.insertEmails(tx, outbox);
  if (deps.jobs)
    await deps.jobs.enqueueMany(
      REMINDER_QUEUES.email,
      ids.map((id) => ({ id })),
      { tx },
    );
};

/**
 * Walks the units with events within reach and hands them on in chunks: to the deliver queue
 * when this process has a job layer (every process then shares the work), else delivered here.
 */
export const sweep = async (deps: ServiceDeps, opts: { chunk?: number } = {}): Promise<number> => {
  const chunk = opts.chunk ?? DELIVER_CHUNK;
  const today = todayInLondon(deps.now());
  let after = 0;
  let units = 0;
  for (;;) {
    const ids = await repo.unitsWithEvents(deps.db, {
      after,
      limit: chunk,
      today,
      maxOffset: REMINDER_OFFSET_MAX_DAYS,
    });
    if (!ids.length) return units;
    units += ids.length;
    after = ids.at(-1)!;
    await handOn(deps, ids);
  }
};

/** The units whose events moved, appeared or came back lately: their reminders at once. */
export const deliverChanged = async (deps: ServiceDeps): Promise<number> => {
  const ids = await repo.unitsChangedSince(deps.db, new Date(deps.now().getTime() - CHANGES_LOOKBACK_MS));
  for (let i = 0; i < ids.length; i += DELIVER_CHUNK) await handOn(deps, ids.slice(i, i + DELIVER_CHUNK));
  return ids.length;
};

const handOn = async (deps: ServiceDeps, ids: number[]): Promise<void> => {
  if (deps.jobs) await deps.jobs.enqueue(REMINDER_QUEUES.deliver, { property_ids: ids });
  else await deliverUnits(deps, ids);
};

/**
 * Sends one outbox e-mail: claims it, hands it to SMTP, marks it sent. A process that dies after
 * SMTP accepted and before the mark leaves it claimed; it is sent again only once the claim is
 * stale, with the same Message-ID, so a receiving server or client can drop the copy (ADR 0089).
 */
export const sendEmail = async (
  deps: ServiceDeps,
  id: number,
  mailer: Mailer,
): Promise<'sent' | 'skipped'> => {
  const now = deps.now();
  const row = await repo.claimEmail(deps.db, id, now, new Date(now.getTime() - EMAIL_CLAIM_STALE_MS));
  if (!row) return 'skipped';
  const host = new URL(deps.config.publicUrl).hostname || 'frontage';
  try {
    await mailer.send({
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      messageId: `<reminder-${row.id}-${row.created_at.getTime()}@${host}>`,
    });
  } catch (err) {
    await repo.releaseEmail(deps.db, id, err instanceof Error ? err.message : String(err));
    throw err;
  }
  await repo.markEmailSent(deps.db, id, deps.now());
  return 'sent';
};
