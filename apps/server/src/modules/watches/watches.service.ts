import {
  entityPath,
  WATCH_LABELS,
  WATCHES_MAX,
  type WatchItem,
  type WatchState,
  type WatchType,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import * as repo from './watches.repository';

/**
 * Watches (ADR 0095). Any signed-in user may watch any record they can open by id — every unit,
 * scheme and company, archived ones included (they have no lease events while archived). A watch
 * only decides whose reminders a unit's events go to; it grants no right to anything.
 */
const state = (since: Date | undefined): WatchState => ({
  watched: !!since,
  since: since?.toISOString() ?? null,
});

export const getWatch = async (
  deps: ServiceDeps,
  userId: number,
  type: WatchType,
  id: number,
): Promise<WatchState> => {
  if (!(await repo.recordExists(deps.db, type, id))) throw new NotFoundError();
  return state(await repo.watchedSince(deps.db, userId, type, id));
};

export const watch = async (
  deps: ServiceDeps,
  userId: number,
  type: WatchType,
  id: number,
): Promise<WatchState> =>
  deps.db.transaction(async (tx) => {
    if (!(await repo.recordExists(tx, type, id))) throw new NotFoundError();
    await repo.lockUser(tx, userId);
    const since = await repo.watchedSince(tx, userId, type, id);
    if (since) return state(since);
    if ((await repo.countOf(tx, userId)) >= WATCHES_MAX)
      throw ValidationError.field('entity_id', WATCH_LABELS.tooMany);
    return state(await repo.insertWatch(tx, userId, type, id));
  });

export const unwatch = async (
  deps: ServiceDeps,
  userId: number,
  type: WatchType,
  id: number,
): Promise<WatchState> => {
  if (!(await repo.recordExists(deps.db, type, id))) throw new NotFoundError();
  await repo.deleteWatch(deps.db, userId, type, id);
  return state(undefined);
};

export const listWatches = async (deps: ServiceDeps, userId: number): Promise<WatchItem[]> =>
  (await repo.listOf(deps.db, userId)).map((r) => ({
    entity_type: r.entity_type,
    entity_id: Number(r.entity_id),
    label: r.label,
    url: entityPath(r.entity_type, Number(r.entity_id)),
    since: new Date(r.created_at).toISOString(),
  }));
