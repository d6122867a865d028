/** A user's named areas of the map (ADR 0054): list, save, delete. */
import {
  MAP_MESSAGES,
  MAP_SEARCHES_MAX,
  type Actor,
  type MapSearch,
  type mapSearchBodySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { ValidationError } from '../../lib/errors';
import { assertOwnSearch } from './map.policy';
import { presentSearch } from './map.presenter';
import * as repo from './map-searches.repository';

type SearchBody = z.output<typeof mapSearchBodySchema>;

/** GET /api/map/searches: the user's own, newest first. */
export const list = async (deps: ServiceDeps, actor: Actor): Promise<MapSearch[]> =>
  (await repo.listOf(deps.db, actor.id)).map(presentSearch);

/** POST /api/map/searches: one more, unless the user already keeps MAP_SEARCHES_MAX (422). */
export const save = async (deps: ServiceDeps, actor: Actor, body: SearchBody): Promise<MapSearch> => {
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockUser(tx, actor.id);
    if ((await repo.countOf(tx, actor.id)) >= MAP_SEARCHES_MAX)
      throw ValidationError.field('name', MAP_MESSAGES.searchesFull);
    return repo.insert(
      tx,
      { user_id: actor.id, name: body.name, area: body.area, filters: body.filters },
      deps.now(),
    );
  });
  return presentSearch(row);
};

/** DELETE /api/map/searches/{id}: the user's own only (another's is a 404 and stays). */
export const remove = async (deps: ServiceDeps, actor: Actor, id: number): Promise<void> => {
  assertOwnSearch(actor, await repo.ownerOf(deps.db, id));
  await repo.removeOwn(deps.db, actor.id, id);
};
