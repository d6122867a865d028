import { ARCHIVE_MESSAGES, type Actor, type ArchiveBody, type Property, type Scheme } from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
import { recordManyChanges, type ChangeSet } from '../history/history.service';
import { getProperty } from '../properties/properties.service';
import { getScheme } from '../schemes/schemes.service';
import { assertCanArchive } from './archive.policy';
import * as repo from './archive.repository';
import type { PlaceKind } from './archive.repository';

/**
 * Archiving and restoring properties and schemes (ADR 0078). Nothing is deleted: the row gets
 * when, by whom and why, and the derived tables' triggers take it out of every list, search, the
 * map, comparables and matching (restoring brings it back). Each is one transaction that locks
 * the row first, as an edit and a deal do, so the three are ordered; each is field history
 * (`archived`, `archive_reason`; source 'archive' or 'restore'). A scheme's live units are
 * archived with it, and restoring the scheme restores those units (not one archived before).
 * Each property archived or restored, on its own or with its scheme, sends `property.updated`
 * naming the archive fields (ADR 0098); a scheme has no event of its own.
 */

type Action<T> = { status: 'success'; msg: string; data: T };

const conflict = (msg: string) => new AppError(409, 'conflict', msg);

/** The history of archiving (or restoring) these rows. */
const changes = (
  kind: PlaceKind,
  ids: number[],
  archived: boolean,
  reasons: { before: string | null; after: string | null },
  actor: Actor,
  now: Date,
): ChangeSet[] =>
  ids.map((id) => ({
    entity_type: kind,
    entity_id: id,
    before: { archived: !archived, archive_reason: reasons.before },
    after: { archived, archive_reason: reasons.after },
    source: archived ? 'archive' : 'restore',
    user: actor,
    now,
  }));

/** Locks the place and checks who asks and its state; 404, 403, then 409. */
const lockFor = async (tx: Db, actor: Actor, kind: PlaceKind, id: number, archiving: boolean) => {
  const row = await repo.lockPlace(tx, kind, id);
  if (!row) throw new NotFoundError();
  assertCanArchive(actor, row.owner_company_id);
  if (archiving && row.archived_at) throw conflict(ARCHIVE_MESSAGES.alreadyArchived);
  if (!archiving && !row.archived_at) throw conflict(ARCHIVE_MESSAGES.notArchived);
  return row;
};

/** DELETE /api/properties/{id}: archives the property (a reason is required). */
export const archiveProperty = (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  body: ArchiveBody,
): Promise<Action<Property>> =>
  deps.db.transaction(async (tx) => {
    await lockFor(tx, actor, 'property', id, true);
    const now = deps.now();
    const reason = body.reason.trim();
    await repo.setArchive(tx, 'property', [id], {
      archived_at: now,
      archived_by: actor.id,
      archive_reason: reason,
      updated_at: now,
    });
    await recordManyChanges(tx, changes('property', [id], true, { before: null, after: reason }, actor, now));
    await repo.recordArchiveEvents(tx, [id], now);
    return { status: 'success', msg: ARCHIVE_MESSAGES.propertyArchived, data: await getProperty(tx, id) };
  });

/** POST /api/properties/{id}/restore: brings it back (not while its scheme is archived). */
export const restoreProperty = (deps: ServiceDeps, actor: Actor, id: number): Promise<Action<Property>> =>
  deps.db.transaction(async (tx) => {
    // The scheme's row is locked before the unit's, the order archiving or restoring a scheme
    // takes them in, so the two never wait for each other in a circle.
    const schemeId = await repo.schemeIdOf(tx, id);
    const schemeGone = schemeId !== null && (await repo.schemeArchived(tx, schemeId));
    const row = await lockFor(tx, actor, 'property', id, false);
    if (
      row.scheme_id !== null &&
      (row.scheme_id === schemeId ? schemeGone : await repo.schemeArchived(tx, row.scheme_id))
    )
      throw ValidationError.field('scheme_id', ARCHIVE_MESSAGES.schemeOfUnitArchived);
    const now = deps.now();
    await repo.setArchive(tx, 'property', [id], {
      archived_at: null,
      archived_by: null,
      archive_reason: null,
      updated_at: now,
    });
    await recordManyChanges(
      tx,
      changes('property', [id], false, { before: row.archive_reason, after: null }, actor, now),
    );
    await repo.recordArchiveEvents(tx, [id], now);
    return { status: 'success', msg: ARCHIVE_MESSAGES.propertyRestored, data: await getProperty(tx, id) };
  });

/** DELETE /api/schemes/{id}: archives the scheme and its live units, with one reason. */
export const archiveScheme = (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  body: ArchiveBody,
): Promise<Action<Scheme>> =>
  deps.db.transaction(async (tx) => {
    await lockFor(tx, actor, 'scheme', id, true);
    const units = await repo.lockLiveUnits(tx, id);
    const now = deps.now();
    const reason = body.reason.trim();
    const values = { archived_at: now, archived_by: actor.id, archive_reason: reason, updated_at: now };
    await repo.setArchive(tx, 'scheme', [id], values);
    await repo.setArchive(tx, 'property', units, values, true);
    const reasons = { before: null, after: reason };
    await recordManyChanges(tx, [
      ...changes('scheme', [id], true, reasons, actor, now),
      ...changes('property', units, true, reasons, actor, now),
    ]);
    await repo.recordArchiveEvents(tx, units, now);
    return { status: 'success', msg: ARCHIVE_MESSAGES.schemeArchived, data: await getScheme(tx, id) };
  });

/** POST /api/schemes/{id}/restore: the scheme and the units archived with it. */
export const restoreScheme = (deps: ServiceDeps, actor: Actor, id: number): Promise<Action<Scheme>> =>
  deps.db.transaction(async (tx) => {
    const row = await lockFor(tx, actor, 'scheme', id, false);
    const units = await repo.lockUnitsArchivedWith(tx, id);
    const now = deps.now();
    const values = { archived_at: null, archived_by: null, archive_reason: null, updated_at: now };
    await repo.setArchive(tx, 'scheme', [id], values);
    await repo.setArchive(tx, 'property', units, values);
    const reasons = { before: row.archive_reason, after: null };
    await recordManyChanges(tx, [
      ...changes('scheme', [id], false, reasons, actor, now),
      ...changes('property', units, false, reasons, actor, now),
    ]);
    await repo.recordArchiveEvents(tx, units, now);
    return { status: 'success', msg: ARCHIVE_MESSAGES.schemeRestored, data: await getScheme(tx, id) };
  });
