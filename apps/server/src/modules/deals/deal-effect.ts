import {
  AREA_KEYS,
  PROPERTY_PARTY_LISTS,
  PROPERTY_PARTY_LIST_NAMES,
  type Actor,
  type DealLeftField,
  type HistoryEntityType,
  type PropertyPartyList,
} from '@frontage/shared';
import type { Db } from '../../db/client';
import * as addressRepo from '../addresses/addresses.repository';
import { addressSnapshot, applyAddressChanges } from '../addresses/addresses.service';
import { diff, type HistoryValue, type Snapshot } from '../history/history.service';
import * as parties from '../properties/parties.repository';
import * as propertyRepo from '../properties/properties.repository';
import { applyPropertyChanges, propertySnapshot } from '../properties/properties.service';
import * as schemeRepo from '../schemes/schemes.repository';
import { applySchemeChanges, schemeSnapshot } from '../schemes/schemes.service';
import type { EffectRow } from './deal-void.repository';

/*
 * What a deal did to its place, read back from its history (ADR 0077), and undoing it where it
 * still stands. A deal's effect on a field is its first history row's old value (the value before
 * the deal) and its last row's new value (the value the deal — or its latest correction — put
 * there). The field "still holds the deal's value" when the record's current value is that put
 * value; only then is it restored. A field whose current value is neither the put value nor the
 * value before is "left": a later change overwrote it, and that change stands.
 */

type EffectEntity = Extract<HistoryEntityType, 'property' | 'scheme' | 'address'>;

export interface Effect {
  entity_type: EffectEntity;
  entity_id: number;
  field: string;
  /** The value before the deal. */
  before: HistoryValue;
  /** The value the deal (its latest correction) put. */
  put: HistoryValue;
}

const parse = (text: string | null): HistoryValue =>
  text === null ? null : (JSON.parse(text) as HistoryValue);
const same = (a: HistoryValue, b: HistoryValue): boolean => diff({ v: a }, { v: b }).length === 0;

/** The deal's effect per field, from its history rows (oldest first). */
export const effectsOf = (rows: readonly EffectRow[]): Effect[] => {
  const out = new Map<string, Effect>();
  for (const r of rows) {
    if (r.entity_type !== 'property' && r.entity_type !== 'scheme' && r.entity_type !== 'address') continue;
    const key = `${r.entity_type}:${r.entity_id}:${r.field}`;
    const found = out.get(key);
    if (found) found.put = parse(r.new_text);
    else
      out.set(key, {
        entity_type: r.entity_type,
        entity_id: r.entity_id,
        field: r.field,
        before: parse(r.old_text),
        put: parse(r.new_text),
      });
  }
  return [...out.values()];
};

/** Whether a field is one a left list names. */
export const leftHas = (left: readonly DealLeftField[], entity: EffectEntity, id: number, field: string) =>
  left.some((l) => l.entity_type === entity && l.entity_id === id && l.field === field);

const PROPERTY_LISTS: ReadonlySet<string> = new Set(PROPERTY_PARTY_LIST_NAMES);
const AREAS: ReadonlySet<string> = new Set(AREA_KEYS);
const COMPANY_COLUMNS: ReadonlySet<string> = new Set(['tenant_id', 'legal_tenant_id']);

/**
 * A value to restore without the companies and contacts deleted since (a list keeps the others);
 * undefined when a single reference is gone (the field is then left).
 */
const existing = async (tx: Db, field: string, value: HistoryValue): Promise<HistoryValue | undefined> => {
  const kind = COMPANY_COLUMNS.has(field)
    ? 'company'
    : (PROPERTY_PARTY_LISTS as Record<string, { kind: 'company' | 'user' }>)[field]?.kind;
  if (!kind || value === null) return value;
  const ids = Array.isArray(value) ? value : [value as number];
  const missing = await parties.missingIds(tx, kind, ids);
  if (!missing.size) return value;
  return Array.isArray(value) ? value.filter((id) => !missing.has(id)) : undefined;
};

interface Outcome {
  /** Field → value to restore. */
  restore: Map<string, HistoryValue>;
  left: DealLeftField[];
}

/** Sorts one record's effects into restorations and fields left, against its current snapshot. */
const sortOut = async (tx: Db, effects: readonly Effect[], snap: Snapshot): Promise<Outcome> => {
  const out: Outcome = { restore: new Map(), left: [] };
  for (const e of effects) {
    if (!(e.field in snap)) continue;
    const current = snap[e.field] ?? null;
    if (same(current, e.before)) continue;
    const value = same(current, e.put) ? await existing(tx, e.field, e.before) : undefined;
    if (value === undefined)
      out.left.push({ entity_type: e.entity_type, entity_id: e.entity_id, field: e.field });
    else out.restore.set(e.field, value);
  }
  return out;
};

/**
 * Restores every field the deal changed that still holds the deal's value to its value before the
 * deal, through the same write paths as an edit (each restoration a history row with `source`
 * and the deal's id), and answers the fields left. A record deleted since is skipped.
 */
export const undoEffects = async (
  tx: Db,
  actor: Actor,
  effects: readonly Effect[],
  opts: { source: 'deal_void' | 'deal_correction'; now: Date; dealId: number },
): Promise<DealLeftField[]> => {
  const { source, now, dealId } = opts;
  const byRecord = new Map<string, Effect[]>();
  for (const e of effects) {
    const k = `${e.entity_type}:${e.entity_id}`;
    byRecord.set(k, [...(byRecord.get(k) ?? []), e]);
  }
  const left: DealLeftField[] = [];
  for (const group of byRecord.values()) {
    const { entity_type: type, entity_id: id } = group[0]!;
    if (type === 'property') {
      const row = await propertyRepo.findRow(tx, id);
      if (!row) continue;
      const lists = await parties.partyIds(tx, 'property', id);
      const o = await sortOut(tx, group, propertySnapshot(row, lists));
      left.push(...o.left);
      const cols: Record<string, unknown> = {};
      const newLists: Partial<Record<PropertyPartyList, number[]>> = {};
      for (const [field, v] of o.restore) {
        if (PROPERTY_LISTS.has(field)) newLists[field as PropertyPartyList] = (v as number[] | null) ?? [];
        else cols[field] = AREAS.has(field) && v !== null ? String(v) : v;
      }
      if (o.restore.size)
        await applyPropertyChanges(tx, actor, row, cols, newLists, source, now, dealId, lists);
    } else if (type === 'scheme') {
      const row = await schemeRepo.findRow(tx, id);
      if (!row) continue;
      const o = await sortOut(tx, group, schemeSnapshot(row, await parties.partyIds(tx, 'scheme', id)));
      left.push(...o.left);
      const body = Object.fromEntries(o.restore) as Parameters<typeof applySchemeChanges>[3];
      if (o.restore.size) await applySchemeChanges(tx, actor, row, body, { source, now, dealId });
    } else {
      const row = await addressRepo.findById(tx, id);
      if (!row) continue;
      const o = await sortOut(tx, group, addressSnapshot(row));
      left.push(...o.left);
      if (o.restore.size)
        await applyAddressChanges(tx, actor, row, Object.fromEntries(o.restore), source, now, dealId);
    }
  }
  return left;
};
