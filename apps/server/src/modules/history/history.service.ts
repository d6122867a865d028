import {
  isAdmin,
  type Actor,
  type HistoryEntityType,
  type HistoryEntry,
  type HistorySource,
  type Page,
} from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { NotFoundError } from '../../lib/errors';
import { displayer } from './history.display';
import { parseRow, presentHistory } from './history.presenter';
import * as repo from './history.repository';
import type { HistoryScope } from './history.repository';
import { offsetOf, toPage } from '../../lib/page';

export type HistoryValue = string | number | boolean | null | number[];
export type Snapshot = Record<string, HistoryValue | undefined>;

export interface ChangeSet {
  entity_type: HistoryEntityType;
  entity_id: number;
  /** The record before the change ({} for a create). */
  before: Snapshot;
  /** Only the fields the change touched; absent keys are not compared. */
  after: Snapshot;
  source: HistorySource;
  user: Pick<Actor, 'id' | 'type'>;
  deal_id?: number | null;
  /** The import whose write this is (ADR 0094): set as the rows are written by a bulk import. */
  import_id?: number | null;
  now?: Date;
}

/** Party lists compare as sets of ids (order on screen is not a change of the data). */
const norm = (v: HistoryValue | undefined): HistoryValue =>
  v === undefined ? null : Array.isArray(v) ? [...new Set(v)].sort((a, b) => a - b) : v;

const same = (a: HistoryValue, b: HistoryValue): boolean => {
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = Array.isArray(a) ? a : [];
    const y = Array.isArray(b) ? b : [];
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }
  return a === b;
};

/** The fields that differ between before and after (only keys of `after`), as [field, old, new]. */
export const diff = (before: Snapshot, after: Snapshot): Array<[string, HistoryValue, HistoryValue]> => {
  const out: Array<[string, HistoryValue, HistoryValue]> = [];
  for (const [field, raw] of Object.entries(after)) {
    if (raw === undefined) continue;
    const o = norm(before[field]);
    const n = norm(raw);
    if (!same(o, n)) out.push([field, Array.isArray(o) ? o : o, n]);
  }
  return out;
};

/** The history rows of one change set (no row for a field that did not change). */
const rowsOf = (c: ChangeSet): repo.NewHistoryRow[] => {
  const verified = isAdmin(c.user);
  const now = c.now ?? new Date();
  return diff(c.before, c.after).map(([field, oldValue, newValue]) => ({
    entity_type: c.entity_type,
    entity_id: c.entity_id,
    field,
    // A party list with no ids is stored as [] (not null) so the UI can show "none → X".
    old_value: oldValue,
    new_value: newValue,
    source: c.source,
    deal_id: c.deal_id ?? null,
    ...(c.import_id ? { import_id: c.import_id } : {}),
    user_id: c.user.id,
    verified,
    verified_by: verified ? c.user.id : null,
    verified_at: verified ? now : null,
    created_at: now,
  }));
};

/**
 * Writes one field_history row per changed field, in the caller's transaction. Changes by admins
 * are verified at once; everyone else's wait for an admin. Returns how many rows were written.
 * Deal wizards call this with source 'deal' and their deal_id.
 */
export const recordChanges = async (tx: Db, c: ChangeSet): Promise<number> => {
  const rows = rowsOf(c);
  if (rows.length) await repo.insertRows(tx, rows);
  return rows.length;
};

/** The same for many records at once (one insert per 500 rows): bulk writes such as a store list. */
export const recordManyChanges = async (tx: Db, sets: ChangeSet[]): Promise<number> => {
  const rows = sets.flatMap(rowsOf);
  if (rows.length) await repo.insertRows(tx, rows);
  return rows.length;
};

export const listHistory = async (
  deps: ServiceDeps,
  scope: HistoryScope,
  q: { page: number; per_page: number; unverified?: boolean | undefined },
): Promise<Page<HistoryEntry>> => {
  const { rows, total } = await repo.listForScope(
    deps.db,
    scope,
    !!q.unverified,
    q.per_page,
    offsetOf(q.page, q.per_page),
  );
  const parsed = rows.map(parseRow);
  // Names, currencies and units for the whole page at once (ADR 0044), never one query per row.
  const display = await displayer(deps.db, scope, parsed);
  return toPage(
    parsed.map((r) => presentHistory(r, display(r))),
    { total, page: q.page, perPage: q.per_page },
  );
};

/** The scope of a property or scheme; 404 when it does not exist. */
export const scopeOf = async (
  deps: ServiceDeps,
  entityType: 'property' | 'scheme',
  id: number,
): Promise<HistoryScope> => {
  const scope = await repo.scopeOf(deps.db, entityType, id);
  if (!scope) throw new NotFoundError();
  return scope;
};

export const unverifiedSummary = (db: Db, scope: HistoryScope) => repo.unverifiedSummary(db, scope);
export const unverifiedSummaries = (db: Db, type: 'property' | 'scheme', ids: number[]) =>
  repo.unverifiedSummaries(db, type, ids);

/** Admin: verify one change. Verifying a verified change is a no-op (0). */
export const verifyOne = async (deps: ServiceDeps, actor: Actor, id: number): Promise<number> => {
  const row = await repo.findById(deps.db, id);
  if (!row) throw new NotFoundError();
  return repo.verifyById(deps.db, id, actor.id, deps.now());
};

/** Admin: verify every unverified change of a record (optionally only some fields). */
export const verifyScope = (
  deps: ServiceDeps,
  actor: Actor,
  scope: HistoryScope,
  fields?: string[],
): Promise<number> => repo.verifyScope(deps.db, scope, fields, actor.id, deps.now());
