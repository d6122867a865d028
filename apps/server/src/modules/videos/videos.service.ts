/** Help videos per page (spec A §1, §4 Video dialog, ADR 0063). */
import type { Actor, Video, videoBodySchema } from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { toIso } from '../../lib/dates';
import { NotFoundError } from '../../lib/errors';
import { assertCanManageVideos } from './videos.policy';
import * as repo from './videos.repository';

type VideoBody = z.output<typeof videoBodySchema>;

const present = (r: repo.VideoRow): Video => ({
  id: r.id,
  video_id: r.video_id,
  video_name: r.video_name,
  route: r.route,
  sort_order: r.sort_order,
  created_at: toIso(new Date(r.created_at)),
  updated_at: toIso(new Date(r.updated_at)),
});

/** GET /api/videos?route=: the page's videos the user has not hidden for good, in order. */
export const forRoute = async (deps: ServiceDeps, actor: Actor, route: string): Promise<Video[]> =>
  (await repo.visibleFor(deps.db, actor.id, route)).map(present);

/** GET /api/core/videos */
export const list = async (deps: ServiceDeps, actor: Actor): Promise<Video[]> => {
  assertCanManageVideos(actor);
  return (await repo.all(deps.db)).map(present);
};

export const create = async (deps: ServiceDeps, actor: Actor, body: VideoBody): Promise<Video> => {
  assertCanManageVideos(actor);
  return present(await repo.insert(deps.db, body, deps.now()));
};

export const update = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  body: VideoBody,
): Promise<Video> => {
  assertCanManageVideos(actor);
  const row = await repo.update(deps.db, id, body, deps.now());
  if (!row) throw new NotFoundError();
  return present(row);
};

export const remove = async (deps: ServiceDeps, actor: Actor, id: number): Promise<void> => {
  assertCanManageVideos(actor);
  if (!(await repo.remove(deps.db, id))) throw new NotFoundError();
};
