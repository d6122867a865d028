/**
 * Recording, reading, editing and deleting one enquiry (spec A §5, ADR 0050).
 * Every write is one transaction with its field history (entity_type 'enquiry'; verified when an
 * admin made it).
 */
import {
  ENQUIRY_MESSAGES,
  enquiryRuleErrors,
  parseInclude,
  type Actor,
  type Enquiry,
  type EnquiryCreateParsed,
  type EnquiryUpdateParsed,
} from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { recordChanges, type Snapshot } from '../history/history.service';
import { commentsOf, enquiryRows } from './enquiries-list.repository';
import { assertCanEditEnquiry } from './enquiries.policy';
import { ALL_RELATIONS, RELATIONS, commentsByEnquiry, presentEnquiry } from './enquiries.presenter';
import * as repo from './enquiries.repository';
import { checkVersion, refusingStale } from '../versions/versions.service';
import type { EnquiryRecord, NewEnquiry } from './enquiries.repository';
import { ukDayOf } from '../../lib/dates';
import { recordWebhookEvent } from '../webhooks/outbox.service';

/** The relations named by `include` that an enquiry has (unknown names ignored, API.md). */
export const includeOf = (raw: string | undefined): Set<string> =>
  new Set([...parseInclude(raw)].filter((n) => (RELATIONS as readonly string[]).includes(n)));

/** The fields an enquiry's history records. */
const TRACKED = [
  'property_id',
  'scheme_id',
  'company_id',
  'user_id',
  'received_at',
  'size_from',
  'size_to',
  'rent_from',
  'rent_to',
  'stage',
  'reason',
] as const;
type Tracked = (typeof TRACKED)[number];
type Values = Pick<NewEnquiry, Tracked>;

const areaValue = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

/** The tracked values as history stores them: areas as numbers, money as two-decimal text. */
const snapshot = (v: Partial<Values>, keys: readonly Tracked[] = TRACKED): Snapshot => {
  const out: Snapshot = {};
  for (const k of keys) {
    if (!(k in v)) continue;
    const x = v[k];
    out[k] =
      k === 'size_from' || k === 'size_to'
        ? areaValue(x as string | null)
        : ((x ?? null) as Snapshot[string]);
  }
  return out;
};

const areaText = (v: number | null | undefined): string | null | undefined =>
  v === undefined ? undefined : v === null ? null : String(v);

/**
 * The references named by a write (`named`: the fields the request sent) checked and locked, and
 * the stored scheme: a unit's enquiry is on the unit's scheme (a scheme that disagrees is refused),
 * so a scheme's enquiries include its units'. Throws a 422 against each bad field.
 */
const settleReferences = async (
  tx: Db,
  v: Values,
  named: ReadonlySet<Tracked>,
): Promise<{ scheme_id: number | null }> => {
  const subjectNamed = named.has('property_id') || named.has('scheme_id');
  const refs = await repo.lockReferences(tx, {
    property_id: subjectNamed ? v.property_id : null,
    scheme_id: named.has('scheme_id') ? v.scheme_id : null,
    company_id: named.has('company_id') ? v.company_id : null,
    user_id: named.has('user_id') ? v.user_id : null,
  });
  const errors: Record<string, string[]> = {};
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg);
  if (subjectNamed && v.property_id != null && !refs.property)
    add('property_id', ENQUIRY_MESSAGES.propertyMissing);
  if (named.has('scheme_id') && v.scheme_id != null && !refs.scheme)
    add('scheme_id', ENQUIRY_MESSAGES.schemeMissing);
  if (named.has('company_id') && v.company_id != null && !refs.company)
    add('company_id', ENQUIRY_MESSAGES.companyMissing);
  if (named.has('user_id') && v.user_id != null && !refs.user)
    add('user_id', ENQUIRY_MESSAGES.contactMissing);
  let scheme_id = v.scheme_id ?? null;
  if (refs.property) {
    if (named.has('scheme_id') && v.scheme_id != null && v.scheme_id !== refs.property.scheme_id)
      add('property_id', ENQUIRY_MESSAGES.propertyNotInScheme);
    scheme_id = refs.property.scheme_id;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { scheme_id };
};

/** GET /api/enquiries/{id}: the enquiry with the relations asked for and its unverified changes. */
export const get = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  include: ReadonlySet<string>,
): Promise<Enquiry> => {
  const [row] = await enquiryRows(deps.db, [id]);
  if (!row) throw new NotFoundError();
  const comments = include.has('comments') ? commentsByEnquiry(await commentsOf(deps.db, [id])) : undefined;
  return {
    ...presentEnquiry(row, actor, include, comments),
    unverified_history_count: await repo.unverifiedCount(deps.db, id),
  };
};

/** POST /api/enquiries (the body already passed the contract's rules). */
export const create = async (
  deps: ServiceDeps,
  actor: Actor,
  body: EnquiryCreateParsed,
): Promise<Enquiry> => {
  const now = deps.now();
  const values: Values = {
    property_id: body.property_id ?? null,
    scheme_id: body.scheme_id ?? null,
    company_id: body.company_id ?? null,
    user_id: body.user_id ?? null,
    received_at: body.received_at ?? ukDayOf(now),
    size_from: areaText(body.size_from) ?? null,
    size_to: areaText(body.size_to) ?? null,
    rent_from: body.rent_from ?? null,
    rent_to: body.rent_to ?? null,
    stage: body.stage,
    reason: body.reason,
  };
  const id = await deps.db.transaction(async (tx) => {
    const { scheme_id } = await settleReferences(tx, values, new Set(TRACKED));
    const row = await repo.insertEnquiry(tx, {
      ...values,
      scheme_id,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    });
    await recordChanges(tx, {
      entity_type: 'enquiry',
      entity_id: row.id,
      before: {},
      after: snapshot({ ...values, scheme_id }),
      source: 'create',
      user: actor,
      now,
    });
    return row.id;
  });
  return get(deps, actor, id, ALL_RELATIONS);
};

const storedValues = (e: EnquiryRecord): Values => {
  const out = {} as Record<Tracked, unknown>;
  for (const k of TRACKED) out[k] = e[k];
  return out as Values;
};

/**
 * PUT /api/enquiries/{id}: an absent field stays, null or '' clears it (received_at: today,
 * reason: unknown); the contract's rules are checked on the record as it would be after the edit.
 */
export const update = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  body: EnquiryUpdateParsed,
  expected?: string,
): Promise<Enquiry> => {
  const now = deps.now();
  /** The enquiry as an edit compares it (its own fields: ADR 0060). */
  const current = async (db: Db): Promise<Enquiry> => {
    const [row] = await enquiryRows(db, [id]);
    if (!row) throw new NotFoundError();
    return presentEnquiry(row, actor, new Set());
  };
  await refusingStale(
    'enquiry',
    () =>
      deps.db.transaction(async (tx) => {
        const found = await repo.findForWrite(tx, id);
        if (!found) throw new NotFoundError();
        assertCanEditEnquiry(actor, {
          created_by: found.e.created_by,
          creator_company_id: found.creator_company_id,
        });
        await checkVersion(tx, 'enquiry', id, expected, () => current(tx));
        const before = storedValues(found.e);
        const named = new Set<Tracked>();
        const changes: Partial<Values> = {};
        for (const k of TRACKED) {
          const v = (body as Record<string, unknown>)[k];
          if (v === undefined) continue;
          named.add(k);
          if (k === 'received_at') changes.received_at = (v as string | null) ?? ukDayOf(now);
          else if (k === 'size_from' || k === 'size_to') changes[k] = areaText(v as number | null) ?? null;
          else (changes as Record<string, unknown>)[k] = v;
        }
        const merged: Values = { ...before, ...changes };
        const errors = enquiryRuleErrors({
          ...merged,
          size_from: areaValue(merged.size_from),
          size_to: areaValue(merged.size_to),
        });
        if (Object.keys(errors).length) throw new ValidationError(errors);
        if (
          named.has('property_id') ||
          named.has('scheme_id') ||
          named.has('company_id') ||
          named.has('user_id')
        ) {
          const { scheme_id } = await settleReferences(tx, merged, named);
          if (named.has('property_id') || named.has('scheme_id')) {
            changes.scheme_id = scheme_id;
            named.add('scheme_id');
          }
        }
        await repo.updateEnquiry(tx, id, { ...changes, updated_at: now });
        await recordChanges(tx, {
          entity_type: 'enquiry',
          entity_id: id,
          before: snapshot(before),
          after: snapshot(changes, [...named]),
          source: 'update',
          user: actor,
          now,
        });
        if (changes.stage !== undefined && changes.stage !== before.stage)
          await recordWebhookEvent(
            tx,
            'enquiry.stage_changed',
            { id, from: before.stage, to: changes.stage },
            now,
          );
      }),
    () => get(deps, actor, id, ALL_RELATIONS),
  );
  return get(deps, actor, id, ALL_RELATIONS);
};

/** DELETE /api/enquiries/{id}: the values it held stay in its history. */
export const remove = async (deps: ServiceDeps, actor: Actor, id: number): Promise<void> => {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const found = await repo.findForWrite(tx, id);
    if (!found) throw new NotFoundError();
    assertCanEditEnquiry(actor, {
      created_by: found.e.created_by,
      creator_company_id: found.creator_company_id,
    });
    const cleared = Object.fromEntries(TRACKED.map((k) => [k, null])) as Snapshot;
    await recordChanges(tx, {
      entity_type: 'enquiry',
      entity_id: id,
      before: snapshot(storedValues(found.e)),
      after: cleared,
      source: 'delete',
      user: actor,
      now,
    });
    await repo.deleteEnquiry(tx, id);
  });
};
