import type { Db } from '../db/client';
import { notificationsChannel, pubsubFor } from '../lib/pubsub';
import { createEventBus } from './bus';
import { registerCommentNotifications } from './comment-notifications';
import { registerVacancyNotifications } from './vacancy-notifications';

export { newEventContext, type EventContext } from './bus';

/** The application's domain events, with every handler registered. */
export const domainEvents = createEventBus();
registerCommentNotifications(domainEvents);
registerVacancyNotifications(domainEvents);

/**
 * Tells every server process (and so every open stream) whose notifications changed. Best effort:
 * the change is already committed, and clients also poll the unread count (every 30 s).
 */
export const publishNotificationChanges = async (db: Db, userIds: Iterable<number>): Promise<void> => {
  const ps = pubsubFor(db);
  await Promise.all([...userIds].map((id) => ps.publish(notificationsChannel(id)).catch(() => undefined)));
};
