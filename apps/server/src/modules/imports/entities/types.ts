import type { Actor } from '@frontage/shared';
import type { Db } from '../../../db/client';
import type { ServiceDeps } from '../../../deps';

/**
 * One entity type's part of an import (ADR 0094): how a row's mapped cells become the API's
 * payload, the natural keys it is matched by, and the writes through the module's own service
 * (so history and the derived tables stay right). Schemes, contacts and deals plug in as one
 * file each beside properties.ts and companies.ts.
 */

export interface RowError {
  field: string | null;
  message: string;
}

/** A staged row's mapped cells: field → text. */
export interface MappedRow {
  line: number;
  values: Record<string, string>;
}

export interface CheckedRow {
  /** The payload the module's create schema accepted (null when the row has errors). */
  payload: Record<string, unknown> | null;
  errors: RowError[];
  /** Natural keys, most telling first, each as `kind:value` ("name:acme ltd", "domain:acme.com"). */
  keys: string[];
}

/**
 * One row checked against the API's schemas, with what its batch names (the adapter's `lookup`):
 * pure, since the rows are checked on a worker thread (ADR 0115). Each entity's is its
 * `<entity>.check.ts`.
 */
export type RowCheck<L> = (row: MappedRow, actor: Actor, lookups: L) => CheckedRow;

export interface ImportAdapter {
  /**
   * What a batch's rows name, read at once (companies by name, places by key): plain data — maps,
   * sets, arrays — handed to the entity's RowCheck on the worker thread with the rows.
   */
  lookup: (db: Db, rows: MappedRow[], actor: Actor) => Promise<unknown>;
  /** Existing records by natural key (key → record ids): one read per batch. */
  existing: (db: Db, keys: string[]) => Promise<Map<string, number[]>>;
  /** Of these records, those the actor may update (admins: all; ADR 0094). */
  owned: (db: Db, actor: Actor, ids: number[]) => Promise<Set<number>>;
  /** Writes a new record through the module's service (`deps.db` is the batch's transaction). */
  create: (deps: ServiceDeps, actor: Actor, payload: Record<string, unknown>) => Promise<number>;
  /**
   * Writes many new records at once, the history marked with the import (ADR 0103): one
   * statement per table instead of a service call per row. Throws when any row would be refused;
   * the batch is then written row by row through `create`. Answers ids and stamps in order.
   */
  createMany?: (
    deps: ServiceDeps,
    actor: Actor,
    payloads: Array<Record<string, unknown>>,
    importId: number,
  ) => Promise<Array<{ id: number; updated_at: Date }>>;
  /** The record's fields the payload would change, as they are (the before-image). */
  before: (
    deps: ServiceDeps,
    id: number,
    payload: Record<string, unknown>,
  ) => Promise<Record<string, unknown>>;
  /** Updates a record with the payload (or restores a before-image) through the module's service. */
  update: (deps: ServiceDeps, actor: Actor, id: number, payload: Record<string, unknown>) => Promise<void>;
  /** Deletes (a deal: voids) a record the import created (revert of import `importId`). */
  remove: (deps: ServiceDeps, actor: Actor, id: number, importId: number) => Promise<void>;
  /**
   * False when an import never updates an existing record of this type (deals: a recorded deal
   * is corrected on its page): a duplicate group's `update` choice is then a skip.
   */
  updates?: false;
  /** Marks the history rows its last write recorded (those after `afterHistoryId`) with the import. */
  markHistory?: (db: Db, importId: number, id: number, afterHistoryId: number) => Promise<void>;
  /** The record's updated_at (null when it no longer exists): an edit since the import moves it. */
  stamp: (db: Db, id: number) => Promise<Date | null>;
}
