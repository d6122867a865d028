import { createHash } from 'node:crypto';
import { editableProjection, type VersionedEntity } from '@frontage/shared';
import type { Db } from '../../db/client';
import { NotFoundError, PreconditionFailedError } from '../../lib/errors';
import { lockRow } from './versions.repository';

/**
 * A record's version: a digest of the fields an edit can change (VERSIONED_FIELDS, ADR 0060), so
 * it changes whenever one of them does, by whatever path — an edit, a deal, a merge, a reconcile —
 * with no column to keep in step. Undefined for a record that does not carry all of them.
 */
export const versionOf = (entity: VersionedEntity, record: object): string | undefined => {
  const projection = editableProjection(entity, record as Record<string, unknown>);
  return projection
    ? createHash('sha256').update(JSON.stringify(projection)).digest('base64url').slice(0, 22)
    : undefined;
};

/** The record with its `version` (when it has one). */
export const withVersion = <T extends object>(
  entity: VersionedEntity,
  record: T,
): T & { version?: string } => {
  const version = versionOf(entity, record);
  return version ? { ...record, version } : record;
};

/** Thrown inside the edit's transaction, so it rolls back before the 412 is answered. */
class StaleVersion extends Error {}

/**
 * For an edit inside `tx`: locks the record's row, then (when the client named a version) reads
 * the record as a client would and refuses the edit if its version is another. Without If-Match
 * there is nothing to compare (API clients that do not send it keep last-write-wins).
 */
export const checkVersion = async (
  tx: Db,
  entity: VersionedEntity,
  id: number,
  expected: string | undefined,
  read: () => Promise<object>,
): Promise<void> => {
  if (!(await lockRow(tx, entity, id))) throw new NotFoundError();
  if (expected !== undefined && versionOf(entity, await read()) !== expected) throw new StaleVersion();
};

/**
 * Runs an edit; when its version check failed, answers 412 with the record as it now stands
 * (read after the rollback), so the client can show the fields changed since it read.
 */
export const refusingStale = async <T>(
  entity: VersionedEntity,
  edit: () => Promise<T>,
  current: () => Promise<object>,
): Promise<T> => {
  try {
    return await edit();
  } catch (err) {
    if (err instanceof StaleVersion) throw new PreconditionFailedError(withVersion(entity, await current()));
    throw err;
  }
};
