import type { Notification, Page } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { NotFoundError } from '../../lib/errors';
import { presentNotification } from './notifications.presenter';
import * as repo from './notifications.repository';
import { offsetOf, toPage } from '../../lib/page';

export const list = async (
  deps: ServiceDeps,
  userId: number,
  page: number,
  perPage: number,
): Promise<Page<Notification>> => {
  const { rows, total } = await repo.listForUser(deps.db, userId, perPage, offsetOf(page, perPage));
  return toPage(rows.map(presentNotification), { total, page: page, perPage: perPage });
};

export const unreadCount = (deps: ServiceDeps, userId: number): Promise<number> =>
  repo.countUnread(deps.db, userId);

/** Another user's notification is answered exactly like a missing one (404). */
export const markRead = async (deps: ServiceDeps, userId: number, id: number): Promise<Notification> => {
  const row = await repo.markRead(deps.db, userId, id, deps.now());
  if (!row) throw new NotFoundError();
  return presentNotification(row);
};

export const markAllRead = (deps: ServiceDeps, userId: number): Promise<number> =>
  repo.markAllRead(deps.db, userId, deps.now());
