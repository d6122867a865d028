import { HISTORY_MESSAGES, type Property } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { NotFoundError } from '../../lib/errors';
import * as parties from './parties.repository';
import * as repo from './properties.repository';
import { applyPropertyChanges, getProperty, type PlacesActor } from './properties.service';

/**
 * POST /api/properties/{id}/set-me-as-landlord-contact | …-tenant-contact: adds the signed-in user
 * to the list (idempotent; the change is recorded as history).
 */
export const setMeAsContact = async (
  deps: ServiceDeps,
  actor: PlacesActor,
  id: number,
  list: 'landlord_contacts' | 'tenant_contacts',
): Promise<{ status: 'success'; msg: string; data: Property }> =>
  deps.db.transaction(async (tx) => {
    const current = await repo.findRow(tx, id);
    if (!current) throw new NotFoundError();
    const ids = (await parties.partyIds(tx, 'property', id)).get(list) ?? [];
    const already = ids.includes(actor.id);
    if (!already)
      await applyPropertyChanges(
        tx,
        actor,
        current,
        {},
        { [list]: [...ids, actor.id] },
        'set_me_as_contact',
        deps.now(),
      );
    return {
      status: 'success' as const,
      msg: already ? HISTORY_MESSAGES.alreadyContact : HISTORY_MESSAGES.contactAdded,
      data: await getProperty(tx, id),
    };
  });
