import {
  AREA_KEYS,
  PROPERTY_PARTY_LISTS,
  PROPERTY_PARTY_LIST_NAMES,
  SCHEME_PARTY_LIST_NAMES,
  VERIFICATION_QUEUE_MESSAGES,
  type Actor,
  type PropertyPartyList,
} from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
import * as addressRepo from '../addresses/addresses.repository';
import { addressSnapshot, applyAddressChanges } from '../addresses/addresses.service';
import { diff, type HistoryValue } from '../history/history.service';
import { namesOf, type HistoryRow } from '../history/history.repository';
import * as parties from '../properties/parties.repository';
import * as propertyRepo from '../properties/properties.repository';
import { applyPropertyChanges, propertySnapshot } from '../properties/properties.service';
import * as schemeRepo from '../schemes/schemes.repository';
import { applySchemeChanges, schemeSnapshot } from '../schemes/schemes.service';
import * as repo from './verification-queue.repository';

/**
 * Rejecting a waiting change restores the value it replaced, through the same service functions
 * an edit uses (so the restoration is itself a history row, source 'reject', by the admin), and
 * marks the change verified and rejected. Fields whose restoration could break the record (a
 * unit's scheme, a creation, a required value back to none) are refused with cannotReject.
 */

const cannotReject = () => ValidationError.field('ids', VERIFICATION_QUEUE_MESSAGES.cannotReject);
const laterChange = () => new AppError(409, 'conflict', VERIFICATION_QUEUE_MESSAGES.laterChange);

const PROPERTY_LISTS: ReadonlySet<string> = new Set(PROPERTY_PARTY_LIST_NAMES);
const SCHEME_LISTS: ReadonlySet<string> = new Set(SCHEME_PARTY_LIST_NAMES);
const AREAS: ReadonlySet<string> = new Set(AREA_KEYS);
const NOT_RESTORABLE: Record<string, ReadonlySet<string>> = {
  // Archiving is undone by restoring, by those allowed to (ADR 0078), never by a rejection.
  property: new Set(['scheme_id', 'currency', 'area_size_type', 'archived', 'archive_reason']),
  scheme: new Set(['archived', 'archive_reason']),
  address: new Set(),
};
/** Columns that may not be empty. */
const REQUIRED: Record<string, ReadonlySet<string>> = {
  property: new Set(['currency', 'area_size_type']),
  scheme: new Set(['name', 'type']),
  address: new Set(['country']),
};

const COMPANY_COLUMNS: ReadonlySet<string> = new Set(['tenant_id', 'legal_tenant_id']);

/** The companies and users a restored value names must still exist (else it cannot be restored). */
const assertReferencesExist = async (tx: Db, field: string, value: HistoryValue): Promise<void> => {
  const kind = COMPANY_COLUMNS.has(field)
    ? 'company'
    : (PROPERTY_PARTY_LISTS as Record<string, { kind: 'company' | 'user' }>)[field]?.kind;
  if (!kind || value === null) return;
  const ids = [...new Set(Array.isArray(value) ? value : [value as number])];
  if ((await namesOf(tx, kind, ids)).size !== ids.length) throw cannotReject();
};

const same = (a: HistoryValue, b: HistoryValue) => diff({ v: a }, { v: b }).length === 0;
const parse = (text: string | null): HistoryValue =>
  text === null ? null : (JSON.parse(text) as HistoryValue);

/** Checks the change can be undone and restores its old value; false when the record is gone. */
const restore = async (
  tx: Db,
  actor: Actor,
  h: HistoryRow,
  oldValue: HistoryValue,
  newValue: HistoryValue,
  now: Date,
): Promise<void> => {
  const field = h.field;
  if (h.source === 'create' || NOT_RESTORABLE[h.entity_type]?.has(field)) throw cannotReject();
  if (oldValue === null && REQUIRED[h.entity_type]?.has(field)) throw cannotReject();
  if (h.entity_type !== 'address') await assertReferencesExist(tx, field, oldValue);
  if (h.entity_type === 'property') {
    const row = await propertyRepo.findRow(tx, h.entity_id);
    if (!row) throw cannotReject();
    const lists = await parties.partyIds(tx, 'property', row.id);
    const snap = propertySnapshot(row, lists);
    if (!(field in snap)) throw cannotReject();
    if (!same(snap[field] ?? null, newValue)) throw laterChange();
    const isList = PROPERTY_LISTS.has(field);
    const value = AREAS.has(field) && oldValue !== null ? String(oldValue) : oldValue;
    await applyPropertyChanges(
      tx,
      actor,
      row,
      isList ? {} : { [field]: value },
      isList ? { [field as PropertyPartyList]: (oldValue as number[] | null) ?? [] } : {},
      'reject',
      now,
      undefined,
      lists,
    );
  } else if (h.entity_type === 'scheme') {
    const row = await schemeRepo.findRow(tx, h.entity_id);
    if (!row) throw cannotReject();
    const snap = schemeSnapshot(row, await parties.partyIds(tx, 'scheme', row.id));
    if (!(field in snap)) throw cannotReject();
    if (!same(snap[field] ?? null, newValue)) throw laterChange();
    const value = SCHEME_LISTS.has(field) ? ((oldValue as number[] | null) ?? []) : oldValue;
    await applySchemeChanges(tx, actor, row, { [field]: value } as Parameters<typeof applySchemeChanges>[3], {
      source: 'reject',
      now,
    });
  } else if (h.entity_type === 'address') {
    const row = await addressRepo.findById(tx, h.entity_id);
    if (!row) throw cannotReject();
    const snap = addressSnapshot(row);
    if (!(field in snap)) throw cannotReject();
    if (!same(snap[field] ?? null, newValue)) throw laterChange();
    await applyAddressChanges(tx, actor, row, { [field]: oldValue }, 'reject', now);
  } else throw cannotReject();
};

/** POST /api/core/verification-queue/reject: every change undone, newest first, or none. */
export const reject = (deps: ServiceDeps, actor: Actor, ids: number[]): Promise<number> =>
  deps.db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await repo.waitingForUpdate(tx, unique);
    if (rows.length !== unique.length) throw new NotFoundError(VERIFICATION_QUEUE_MESSAGES.notFound);
    const values = new Map((await repo.valuesOf(tx, unique)).map((v) => [v.id, v]));
    const now = deps.now();
    for (const h of rows) {
      const v = values.get(h.id)!;
      await restore(tx, actor, h, parse(v.old_text), parse(v.new_text), now);
    }
    await repo.markRejected(tx, unique, actor.id, now);
    return unique.length;
  });
