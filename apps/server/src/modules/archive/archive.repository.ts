import { inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { newWebhookMessageId } from '../../db/webhook-message-id';
import { idArray } from '../../db/id-array';
import { properties, schemes } from '../../db/schema';

/** A property or a scheme: the tables archiving writes (ADR 0078). */
export type PlaceKind = 'property' | 'scheme';

/** A place's archive state, its owner company (its creator's) and, for a unit, its scheme's state. */
export interface PlaceArchiveRow {
  id: number;
  archived_at: Date | null;
  archive_reason: string | null;
  owner_company_id: number | null;
  scheme_id: number | null;
}

/**
 * Locks the place's row for the rest of the transaction (the lock an edit and a deal take on the
 * same row, so archiving is ordered with them) and reads its archive state and owner.
 */
export const lockPlace = async (
  tx: Db,
  kind: PlaceKind,
  id: number,
): Promise<PlaceArchiveRow | undefined> => {
  const rows = await queryRows<PlaceArchiveRow & { archived_at: string | Date | null }>(
    tx,
    kind === 'property'
      ? sql`select p.id, p.archived_at, p.archive_reason, p.scheme_id,
              (select u.company_id from users u where u.id = p.created_by) as owner_company_id
            from ${properties} p where p.id = ${id} for update of p`
      : sql`select s.id, s.archived_at, s.archive_reason, null::int as scheme_id,
              (select u.company_id from users u where u.id = s.created_by) as owner_company_id
            from ${schemes} s where s.id = ${id} for update of s`,
  );
  const r = rows[0];
  return r && { ...r, archived_at: r.archived_at === null ? null : new Date(r.archived_at) };
};

/**
 * Whether a scheme is archived, its row share-locked for the rest of the transaction (a unit
 * restored or moved into it waits for an archive of it to commit, then sees it); undefined when
 * there is no such scheme.
 */
export const schemeArchived = async (tx: Db, id: number): Promise<boolean | undefined> => {
  const rows = await queryRows<{ archived: boolean }>(
    tx,
    sql`select archived_at is not null as archived from ${schemes} where id = ${id} for share`,
  );
  return rows[0]?.archived;
};

/** The scheme of a property, read without a lock (to lock the scheme before the unit). */
export const schemeIdOf = async (tx: Db, propertyId: number): Promise<number | null> =>
  (
    await queryRows<{ scheme_id: number | null }>(
      tx,
      sql`select scheme_id from ${properties} where id = ${propertyId}`,
    )
  )[0]?.scheme_id ?? null;

/** A scheme's live units, locked in id order (every writer of several units locks them so). */
export const lockLiveUnits = async (tx: Db, schemeId: number): Promise<number[]> =>
  (
    await queryRows<{ id: number }>(
      tx,
      sql`select id from ${properties} where scheme_id = ${schemeId} and archived_at is null order by id for update`,
    )
  ).map((r) => r.id);

/**
 * The units archived with the scheme, locked in id order. A unit archived on its own before
 * stays archived when the scheme is restored.
 */
export const lockUnitsArchivedWith = async (tx: Db, schemeId: number): Promise<number[]> =>
  (
    await queryRows<{ id: number }>(
      tx,
      sql`select id from ${properties} where scheme_id = ${schemeId} and archived_with_scheme order by id for update`,
    )
  ).map((r) => r.id);

export interface ArchiveValues {
  archived_at: Date | null;
  archived_by: number | null;
  archive_reason: string | null;
  updated_at: Date;
}

/** Archives (or, with nulls, restores) these rows; units `withScheme` are marked as archived with theirs. */
export const setArchive = async (
  tx: Db,
  kind: PlaceKind,
  ids: number[],
  v: ArchiveValues,
  withScheme = false,
): Promise<void> => {
  if (!ids.length) return;
  if (kind === 'scheme') await tx.update(schemes).set(v).where(inArray(schemes.id, ids));
  else
    await tx
      .update(properties)
      .set({ ...v, archived_with_scheme: withScheme })
      .where(inArray(properties.id, ids));
};

/**
 * `property.updated` naming the archive fields (ADR 0098) for each of these properties, in the
 * caller's transaction: one statement however many units a scheme's archive takes with it.
 */
export const recordArchiveEvents = async (tx: Db, ids: number[], now: Date): Promise<void> => {
  if (!ids.length) return;
  const fields = JSON.stringify(['archived_at', 'archived_by', 'archive_reason']);
  await tx.execute(sql`
    insert into webhook_events (message_id, type, data, created_at)
    select ${newWebhookMessageId}, 'property.updated',
      jsonb_build_object('id', u.id, 'fields', ${fields}::jsonb), ${now.toISOString()}::timestamptz
    from unnest(${idArray(ids)}) with ordinality u(id, n)
    order by u.n`);
};
