import type { Actor } from '@frontage/shared';
import { NotFoundError } from '../../lib/errors';

/**
 * The map (ADR 0054): properties and schemes are shared research data, so any signed-in user reads
 * the clusters, lists, exports and heat of the whole map. A saved area is its owner's alone: to
 * anyone else it does not exist (404, nothing said about whose it is).
 */
export const assertOwnSearch = (actor: Actor, ownerId: number | undefined): void => {
  if (ownerId === undefined || ownerId !== actor.id) throw new NotFoundError();
};
