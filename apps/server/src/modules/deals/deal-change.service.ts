import {
  AREA_KEYS,
  DEAL_CHANGE_MESSAGES,
  type Deal,
  type DealCorrectAnswer,
  type DealCreateParsed,
  type DealLeftField,
  type DealType,
  type DealVoidAnswer,
  type PropertyPartyList,
} from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
import { lockRow } from '../versions/versions.repository';
import { checkVersion, refusingStale } from '../versions/versions.service';
import { effectsOf, leftHas, undoEffects, type Effect } from './deal-effect';
import { DEAL_PROPERTY_COLUMNS, placeOf, planDeal, type DealColumn, type DealPlan } from './deal-plan';
import * as voidRepo from './deal-void.repository';
import { keepRentSqftTrue } from './deal-rent-sqft';
import { assertCanChangeDeal } from './deals.policy';
import { recordWebhookEvent } from '../webhooks/outbox.service';
import {
  applyDealPlan,
  dealAreas,
  dealRowValues,
  getDeal,
  partyRows,
  readPlace,
  type DealActor,
  type DealPlace,
} from './deals.service';

/*
 * Correcting and voiding a recorded deal (ADR 0077). Both lock the deal's row, then its
 * place's (the one order everywhere: a deal recorded on the place takes only the place's), check
 * who may change it, and undo the deal's effect where it still stands (deal-effect.ts); a
 * correction then applies the corrected deal as recording does, a void moves the deal to
 * voided_deals. Each is one transaction.
 */

const conflict = (msg: string) => new AppError(409, 'conflict', msg);

/** Locks the deal's row: 404 when there is no such deal, 409 when it was voided. */
const lockDeal = async (tx: Db, id: number, voidedMsg: string) => {
  if (!(await lockRow(tx, 'deal', id))) {
    throw (await voidRepo.isVoided(tx, id)) ? conflict(voidedMsg) : new NotFoundError();
  }
  const row = (await voidRepo.dealRow(tx, id))!;
  return row;
};

const assertMayChange = async (tx: Db, actor: DealActor, id: number): Promise<void> => {
  const o = (await voidRepo.ownerOf(tx, id))!;
  assertCanChangeDeal(actor, {
    deal_type: o.deal_type as DealType,
    created_by: o.created_by === null ? null : { id: o.created_by },
    created_by_company_id: o.company_id,
  });
};

const placeOfRow = (row: { property_id: number | null; scheme_id: number | null }) =>
  row.property_id !== null
    ? ({ kind: 'property', id: row.property_id } as const)
    : ({ kind: 'scheme', id: row.scheme_id! } as const);

/* ───────────────────────────── void ───────────────────────────── */

/**
 * DELETE /api/deals/{id}: restores what the deal changed where it still stands, keeps the deal in
 * voided_deals (readable by id, with its history) and takes it out of `deals`.
 */
export const voidDeal = (
  deps: ServiceDeps,
  actor: DealActor,
  id: number,
  reason: string,
): Promise<DealVoidAnswer> =>
  deps.db.transaction(async (tx) => {
    const row = await lockDeal(tx, id, DEAL_CHANGE_MESSAGES.alreadyVoided);
    await assertMayChange(tx, actor, id);
    const place = placeOfRow(row);
    await lockRow(tx, place.kind, place.id);
    const now = deps.now();
    const effects = effectsOf(await voidRepo.effectRows(tx, id));
    const left = await undoEffects(tx, actor, effects, { source: 'deal_void', now, dealId: id });
    const { changes: _changes, version: _version, ...record } = await getDeal(tx, id);
    await voidRepo.moveToVoided(tx, {
      id,
      deal_type: row.deal_type,
      property_id: row.property_id,
      scheme_id: row.scheme_id,
      record,
      left_fields: left,
      void_reason: reason,
      voided_by: actor.id,
      voided_at: now,
    });
    await recordWebhookEvent(
      tx,
      'deal.voided',
      { id, deal_type: row.deal_type, property_id: row.property_id, scheme_id: row.scheme_id, reason },
      now,
    );
    return {
      status: 'success' as const,
      msg: DEAL_CHANGE_MESSAGES.voided,
      data: await getDeal(tx, id),
      meta: { left_fields: left },
    };
  });

/* ─────────────────────────── correct ──────────────────────────── */

const AREA_FIELDS: ReadonlySet<string> = new Set([...AREA_KEYS, 'area_size_type']);

/**
 * The corrected payload without the place's fields a later change overwrote (they stay as that
 * change left them): left areas keep their current value (the areas are replaced as a whole),
 * left address and scheme fields are not sent.
 */
const withoutLeft = (
  b: DealCreateParsed,
  left: readonly DealLeftField[],
  at: DealPlace,
): DealCreateParsed => {
  const out = { ...b } as DealCreateParsed & Record<string, unknown>;
  const p = at.property;
  if (p && b.areas) {
    const areas = { ...b.areas } as Record<string, unknown>;
    for (const f of AREA_FIELDS)
      if (leftHas(left, 'property', p.id, f)) areas[f] = (p as Record<string, unknown>)[f] ?? null;
    out.areas = areas as typeof b.areas;
  }
  const addressId = p?.address_id ?? at.scheme?.address_id;
  const strip = <T extends object | undefined>(a: T): T => {
    if (!a) return a;
    const copy = { ...a } as Record<string, unknown>;
    for (const l of left)
      if (l.entity_type === 'address' && l.entity_id === addressId) {
        delete copy[l.field === 'lat' ? 'latitude' : l.field === 'lng' ? 'longitude' : l.field];
      }
    if (p && leftHas(left, 'property', p.id, 'building_num')) delete copy.unit;
    return copy as T;
  };
  if (b.address) out.address = strip(b.address);
  if (b.deal_type === 'sale' && b.scheme && at.scheme) {
    const scheme = strip({ ...b.scheme }) as Record<string, unknown>;
    for (const l of left)
      if (l.entity_type === 'scheme' && l.entity_id === at.scheme.id) delete scheme[l.field];
    if (b.scheme.address) scheme.address = strip(b.scheme.address);
    (out as { scheme?: unknown }).scheme = scheme;
  }
  return out;
};

/** The plan of the corrected deal, on the state before the deal, without the fields left. */
const correctedPlan = (
  b: DealCreateParsed,
  at: DealPlace,
  effects: readonly Effect[],
  left: readonly DealLeftField[],
): DealPlan => {
  const place = placeOf(b);
  const columns = { ...at.before.columns };
  const lists = new Map(at.before.lists);
  // A field a later change overwrote was, before the deal, what the deal's history says.
  for (const e of effects) {
    if (e.entity_type !== place.kind || e.entity_id !== place.id) continue;
    if (!leftHas(left, e.entity_type, e.entity_id, e.field)) continue;
    if ((DEAL_PROPERTY_COLUMNS as readonly string[]).includes(e.field))
      columns[e.field as DealColumn] = e.before as string | number | null;
    else if (Array.isArray(e.before) || e.before === null)
      lists.set(e.field as PropertyPartyList, (e.before as number[] | null) ?? []);
  }
  // The corrected deal keeps rent per sq ft true as a recorded one does (ADR 0079).
  const plan = keepRentSqftTrue(planDeal(b, { columns, lists }), at.property, dealAreas(b));
  for (const l of left) {
    if (l.entity_type !== place.kind || l.entity_id !== place.id) continue;
    delete plan.columns[l.field as DealColumn];
    delete plan.lists[l.field as PropertyPartyList];
  }
  return plan;
};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameSet = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? sameJson([...new Set(a as number[])].sort(), [...new Set(b as number[])].sort())
    : sameJson(a, b);

/**
 * A correction writes its restorations and its re-application as separate steps; one field then
 * has two rows (put → before → corrected). They become one row per field, old → new, and none
 * when the correction leaves the field as it was.
 */
const collapseSteps = async (tx: Db, dealId: number, afterId: number): Promise<void> => {
  const rows = await voidRepo.correctionRows(tx, dealId, afterId);
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const k = `${r.h.entity_type}:${r.h.entity_id}:${r.h.field}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const drop: number[] = [];
  const add: voidRepo.HistoryInsert[] = [];
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const first = g[0]!;
    const oldValue: unknown = first.old_text === null ? null : JSON.parse(first.old_text);
    const last = g.at(-1)!;
    const newValue: unknown = last.new_text === null ? null : JSON.parse(last.new_text);
    drop.push(...g.map((r) => r.h.id));
    if (!sameSet(oldValue, newValue)) {
      const { id: _id, ...h } = first.h;
      add.push({ ...h, old_value: oldValue, new_value: newValue });
    }
  }
  if (drop.length) await voidRepo.replaceHistoryRows(tx, drop, add);
};

/**
 * PUT /api/deals/{id}: the same body as POST /api/deals, of the same type and on the same place.
 * The deal's effect is undone where it still stands, the corrected deal is planned on the state
 * before the deal and applied where the place still holds the deal's values (source
 * 'deal_correction'), and the deal's row, parties and links are rewritten — one transaction.
 */
export const correctDeal = (
  deps: ServiceDeps,
  actor: DealActor,
  id: number,
  b: DealCreateParsed,
  expected: string | undefined,
): Promise<DealCorrectAnswer> =>
  refusingStale(
    'deal',
    () =>
      deps.db.transaction(async (tx) => {
        const row = await lockDeal(tx, id, DEAL_CHANGE_MESSAGES.voidedCannotCorrect);
        await assertMayChange(tx, actor, id);
        await checkVersion(tx, 'deal', id, expected, () => getDeal(tx, id));
        if (b.deal_type !== row.deal_type)
          throw ValidationError.field('deal_type', DEAL_CHANGE_MESSAGES.typeCannotChange);
        const place = placeOf(b);
        const was = placeOfRow(row);
        if (place.kind !== was.kind || place.id !== was.id)
          throw ValidationError.field(
            was.kind === 'property' ? 'property_id' : 'scheme_id',
            DEAL_CHANGE_MESSAGES.placeCannotChange,
          );
        await lockRow(tx, place.kind, place.id);
        const now = deps.now();
        const from = await voidRepo.lastHistoryId(tx);
        const effects = effectsOf(await voidRepo.effectRows(tx, id));
        // Every id the corrected payload names is checked before anything is written.
        await readPlace(tx, b);
        const left = await undoEffects(tx, actor, effects, { source: 'deal_correction', now, dealId: id });
        const at = await readPlace(tx, b);
        const plan = correctedPlan(b, at, effects, left);
        await voidRepo.rewriteDeal(tx, id, dealRowValues(b, plan), partyRows(plan), b.links ?? []);
        await applyDealPlan(tx, actor, withoutLeft(b, left, at), plan, at, id, {
          source: 'deal_correction',
          now,
        });
        await collapseSteps(tx, id, from);
        const data: Deal = await getDeal(tx, id);
        return { data, meta: { left_fields: left } };
      }),
    () => getDeal(deps.db, id),
  );
