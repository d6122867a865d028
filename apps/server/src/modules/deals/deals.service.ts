import { createHash } from 'node:crypto';
import {
  ARCHIVE_MESSAGES,
  DEAL_PARTY_LISTS,
  DEAL_PARTY_LIST_NAMES,
  DEAL_READ_MESSAGES,
  DEAL_SINGLE_PARTIES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_KEEP_HOURS,
  SCHEME_PARTY_LIST_NAMES,
  dealCreateSchema,
  type Deal,
  type DealCreate,
  type DealCreateParsed,
  type DealPartyList,
  type Page,
  type DealSummary,
} from '@frontage/shared';
import type { z } from 'zod';
import type { dealListQuerySchema } from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { emitAfterCommit } from '../../events/after-commit';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { offsetOf, toPage } from '../../lib/page';
import * as addressRepo from '../addresses/addresses.repository';
import { applyAddressUpdate } from '../addresses/addresses.service';
import * as parties from '../properties/parties.repository';
import { applyPropertyChanges, type PlacesActor } from '../properties/properties.service';
import * as propertyRepo from '../properties/properties.repository';
import type { NewProperty } from '../properties/properties.repository';
import { areaValues, checkReferences } from '../properties/property-payload';
import { applySchemeChanges } from '../schemes/schemes.service';
import { lockRow } from '../versions/versions.repository';
import * as schemeRepo from '../schemes/schemes.repository';
import {
  DEAL_PROPERTY_COLUMNS,
  payloadName,
  placeOf,
  planDeal,
  type DealPlan,
  type PlaceState,
} from './deal-plan';
import * as voidRepo from './deal-void.repository';
import { keepRentSqftTrue } from './deal-rent-sqft';
import { presentDeal, presentSummary, presentVoided } from './deals.presenter';
import { withVersion } from '../versions/versions.service';
import * as repo from './deals.repository';
import type { NewDealParty } from './deals.repository';
import { iso } from '../../lib/dates';
import { recordWebhookEvent } from '../webhooks/outbox.service';

/** Who records a deal: a signed-in user (admins' changes are verified at once). */
export type DealActor = PlacesActor;
type ListQuery = z.output<typeof dealListQuerySchema>;

/* ───────────────────────────── reads ───────────────────────────── */

/** GET /api/deals/{id}, read with `db` (a transaction's, while recording). */
export const getDeal = async (db: Db, id: number): Promise<Deal> => {
  const loaded = await repo.loadDeal(db, id);
  if (!loaded) {
    // A voided deal stays readable by id (ADR 0077), without a version: it cannot be edited.
    const voided = await voidRepo.findVoided(db, id);
    if (!voided) throw new NotFoundError();
    return presentVoided(voided, await repo.changesOf(db, id));
  }
  // One after another: this also runs inside the recording transaction (one connection).
  const rows = await repo.partiesOf(db, id);
  const links = await repo.linksOf(db, id);
  const changes = await repo.changesOf(db, id);
  return withVersion('deal', presentDeal(loaded, rows, links, changes));
};

export const get = (deps: ServiceDeps, id: number): Promise<Deal> => getDeal(deps.db, id);

/** GET /api/properties/{id}/deals: newest first; 404 when the property does not exist. */
export const listForProperty = async (
  deps: ServiceDeps,
  propertyId: number,
  q: ListQuery,
): Promise<Page<DealSummary>> => {
  const { page, per_page: perPage } = q;
  if (!(await repo.propertyExists(deps.db, propertyId))) throw new NotFoundError();
  const { rows, total } = await repo.pageForProperty(deps.db, propertyId, perPage, offsetOf(page, perPage));
  const tenants = new Map(
    (
      await repo.tenantsOf(
        deps.db,
        rows.map((r) => r.d.id),
      )
    ).map((t) => [
      `${t.deal_id}:${t.role}`,
      { id: t.id, name: t.name, is_verified: t.is_verified, verified_at: iso(t.verified_at) },
    ]),
  );
  return toPage(
    rows.map((r) => presentSummary(r, tenants)),
    { total, page, perPage },
  );
};

/* ───────────────────────────── writes ───────────────────────────── */

const field = (b: DealCreateParsed, k: string): unknown => (b as Record<string, unknown>)[k];

/**
 * Every id the payload names exists (ADR 0043): the property or scheme, the tenants, every list
 * (prev_ lists too) and the scheme update's lists; a missing one is a 422 on its payload field.
 */
export const checkDealReferences = async (
  tx: Db,
  b: DealCreateParsed,
  propertyFound: boolean,
): Promise<void> => {
  const errors: Record<string, string[]> = {};
  const collect = async (check: Promise<void>, prefix = '') => {
    try {
      await check;
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      for (const [k, v] of Object.entries(e.errors)) errors[`${prefix}${k}`] = v;
    }
  };
  const place = placeOf(b);
  if (place.kind === 'property' && !propertyFound) errors.property_id = [DEAL_READ_MESSAGES.propertyMissing];
  const companies: Record<string, number | null | undefined> = {};
  for (const k of ['tenant_id', 'legal_tenant_id', 'prev_tenant_id', 'prev_legal_tenant_id']) {
    const name = payloadName(b, k);
    companies[name] = field(b, name) as number | null | undefined;
  }
  const lists = Object.fromEntries(
    DEAL_PARTY_LIST_NAMES.map((n) => [n, (field(b, n) as number[] | null | undefined) ?? undefined]),
  ) as Partial<Record<DealPartyList, number[]>>;
  await collect(
    checkReferences(tx, {
      companies,
      schemeId: place.kind === 'scheme' ? place.id : undefined,
      lists,
    }),
  );
  const scheme = b.deal_type === 'sale' ? b.scheme : undefined;
  if (scheme) {
    const schemeLists = Object.fromEntries(SCHEME_PARTY_LIST_NAMES.map((n) => [n, scheme[n] ?? undefined]));
    await collect(checkReferences(tx, { companies: {}, lists: schemeLists }), 'scheme.');
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
};

/** The deal_parties rows of a plan: the single tenants, the lists after and the previous lists. */
export const partyRows = (plan: DealPlan): NewDealParty[] => {
  const rows: NewDealParty[] = [];
  const single = (role: string, id: unknown) => {
    if (typeof id === 'number') rows.push({ role, company_id: id, position: 0 });
  };
  single(DEAL_SINGLE_PARTIES.tenant.role, plan.after.tenant_id);
  single(DEAL_SINGLE_PARTIES.legal_tenant.role, plan.after.legal_tenant_id);
  single(DEAL_SINGLE_PARTIES.prev_tenant.role, plan.prev.prev_tenant_id);
  single(DEAL_SINGLE_PARTIES.prev_legal_tenant.role, plan.prev.prev_legal_tenant_id);
  const lists: Partial<Record<DealPartyList, number[]>> = { ...plan.afterLists, ...plan.prevLists };
  for (const [name, ids] of Object.entries(lists) as Array<[DealPartyList, number[]]>) {
    const { role, kind } = DEAL_PARTY_LISTS[name];
    ids.forEach((id, position) =>
      rows.push({
        role,
        position,
        company_id: kind === 'company' ? id : null,
        user_id: kind === 'user' ? id : null,
      }),
    );
  }
  return rows;
};

export const pick = (row: Record<string, unknown>): PlaceState['columns'] =>
  Object.fromEntries(DEAL_PROPERTY_COLUMNS.map((c) => [c, (row[c] as string | number | null) ?? null]));

/** The deal row's columns of a plan (its after side, its before side, the deal-only fields). */
export const dealRowValues = (b: DealCreateParsed, plan: DealPlan): Partial<repo.NewDeal> => {
  const { tenant_id: _t, legal_tenant_id: _l, ...after } = plan.after;
  return {
    ...(after as Partial<repo.NewDeal>),
    deal_type: b.deal_type,
    effective_date: b.effective_date ?? null,
    sale_type: b.deal_type === 'sale' ? (b.sale_type ?? null) : null,
    sale_price: b.deal_type === 'sale' ? (b.sale_price ?? null) : null,
    prev_rent_pa: plan.prev.prev_rent_pa,
    prev_rent_sqft: plan.prev.prev_rent_sqft,
  };
};

/** The place a deal applies to, as read under its lock: the property's (the scheme's) row and state. */
export interface DealPlace {
  property: propertyRepo.PropertyRow | undefined;
  scheme: schemeRepo.SchemeRow | undefined;
  before: PlaceState;
}

/** The areas a deal's step 2 sends, as the property's columns (none: {}). */
export const dealAreas = (b: DealCreateParsed): Partial<NewProperty> =>
  b.areas ? { area_size_type: b.areas.area_size_type, ...areaValues(b.areas, true) } : {};

/** Reads the (locked) place's row and its state before the deal, and checks every id the payload names. */
export const readPlace = async (tx: Db, b: DealCreateParsed): Promise<DealPlace> => {
  const place = placeOf(b);
  // Read once: its existence is the first reference checked, its row the state before.
  const property = place.kind === 'property' ? await propertyRepo.findRow(tx, place.id) : undefined;
  await checkDealReferences(tx, b, !!property);
  const scheme = place.kind === 'scheme' ? (await schemeRepo.findRow(tx, place.id))! : undefined;
  // No deal on an archived place (ADR 0078): checked under the row lock an archive also takes.
  if (property?.archived_at)
    throw ValidationError.field('property_id', ARCHIVE_MESSAGES.dealOnArchivedProperty);
  if (scheme?.archived_at) throw ValidationError.field('scheme_id', ARCHIVE_MESSAGES.dealOnArchivedScheme);
  const before: PlaceState = property
    ? { columns: pick(property), lists: await parties.partyIds(tx, 'property', property.id) }
    : { columns: { reason: scheme!.reason }, lists: await parties.partyIds(tx, 'scheme', scheme!.id) };
  return { property, scheme, before };
};

/**
 * Applies a deal's plan to its place with history (`source` 'deal', or 'deal_correction' when a
 * correction re-applies it; ADR 0077), through the same write paths as an edit.
 */
export const applyDealPlan = async (
  tx: Db,
  actor: DealActor,
  b: DealCreateParsed,
  plan: DealPlan,
  at: DealPlace,
  dealId: number,
  opts: { source: 'deal' | 'deal_correction'; now: Date; vacated?: number[] | undefined },
): Promise<void> => {
  const { property, scheme, before } = at;
  const { source, now } = opts;
  if (property) {
    const leaseStart = plan.columns.lease_start_date;
    await repo.setStoreEventContext(
      tx,
      dealId,
      b.effective_date ?? (typeof leaseStart === 'string' ? leaseStart : null),
    );
    const areas = dealAreas(b);
    await applyPropertyChanges(
      tx,
      actor,
      property,
      { ...(plan.columns as Partial<NewProperty>), ...areas },
      plan.lists,
      source,
      now,
      dealId,
      before.lists,
    );
    // Later writes of the same transaction are not this deal's.
    await repo.setStoreEventContext(tx, null, null);
    if (property.tenant_id !== null && plan.columns.tenant_id === null) opts.vacated?.push(property.id);
    if (b.address) {
      const address = (await addressRepo.findById(tx, property.address_id))!;
      await applyAddressUpdate(tx, actor, address, b.address, {
        source,
        now,
        prefix: 'address.',
        dealId,
      });
    }
  } else if (b.deal_type === 'sale') {
    const body = b.scheme ?? {};
    const a = { ...b.address, ...body.address };
    const address =
      b.address || body.address
        ? {
            unit: a.unit,
            street: a.street,
            street2: a.street2,
            city: a.city,
            region: a.region,
            post_code: a.post_code,
            ...(a.country !== undefined ? { country: a.country } : {}),
          }
        : undefined;
    await applySchemeChanges(
      tx,
      actor,
      scheme!,
      { ...body, ...plan.lists, reason: (plan.columns.reason as typeof body.reason) ?? body.reason, address },
      { source, now, dealId },
    );
  }
};

/**
 * Records a deal in the caller's transaction (ADR 0043): checks every id, inserts the deal, its
 * parties and links, and applies it to the property (a scheme sale: the scheme) with history
 * (source 'deal', this deal's id). Returns the new deal's id. Its writes reach derived data through
 * triggers in the same transaction — row_counts, both counted indexes, deal_comparables, the
 * words, match_units and map_grid, the deals' and enquiries' town and the tenants' store counts:
 * `fanOut` in db/derived (docs/derived-data.md; test/derived-definitions.test.ts pins the list).
 */
export const recordDealIn = async (
  tx: Db,
  actor: DealActor,
  b: DealCreateParsed,
  now: Date,
  /** Collects the units the deal leaves vacant (their tenant cleared), for after the commit. */
  vacated?: number[],
): Promise<number> => {
  const place = placeOf(b);
  // The place's row is locked before its state is read (ADR 0043): two deals on one property (one
  // scheme) apply one after the other, the second reading the first's values as its "before".
  // A deal writes only its own place (a scheme sale: the scheme, its parties and address, never
  // its units), so one row lock is the whole order here; correcting or voiding a deal locks the
  // deal's row first, then its place (ADR 0077).
  await lockRow(tx, place.kind, place.id);
  const at = await readPlace(tx, b);
  // Rent per sq ft stays true (ADR 0079): what the deal leaves on the property is rent ÷ NIA
  // unless the deal sent its own figure.
  const plan = keepRentSqftTrue(planDeal(b, at.before), at.property, dealAreas(b));
  const deal = await repo.insertDeal(tx, {
    ...dealRowValues(b, plan),
    deal_type: b.deal_type,
    property_id: at.property?.id ?? null,
    scheme_id: at.scheme?.id ?? null,
    created_by: actor.id,
    created_at: now,
  });
  await repo.insertParties(tx, deal.id, partyRows(plan));
  await repo.insertLinks(tx, deal.id, b.links ?? []);
  await applyDealPlan(tx, actor, b, plan, at, deal.id, { source: 'deal', now, vacated });
  await recordWebhookEvent(
    tx,
    'deal.created',
    { id: deal.id, deal_type: b.deal_type, property_id: deal.property_id, scheme_id: deal.scheme_id },
    now,
  );
  return deal.id;
};

/**
 * Records a deal in its own transaction (a savepoint when `db` is one) and returns it as GET
 * /api/deals/{id} does. For the demo seed and the bench generator: the body is parsed with
 * dealCreateSchema here (a ZodError when invalid); no policy is applied.
 */
export const recordDeal = (
  db: Db,
  actor: DealActor,
  body: DealCreate | DealCreateParsed,
  opts: { now?: Date } = {},
): Promise<Deal> =>
  db.transaction(async (tx) => {
    const id = await recordDealIn(tx, actor, dealCreateSchema.parse(body), opts.now ?? new Date());
    return getDeal(tx, id);
  });

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
export const canonicalJson = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonicalJson).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v ?? null);

/**
 * POST /api/deals: records the deal and answers 201 with it. With an Idempotency-Key the answer is
 * kept with the body's hash in the same transaction: the same key and body again get that answer
 * and write nothing; the same key with another body is a 422 on the header (API.md).
 */
export const create = async (
  deps: ServiceDeps,
  actor: DealActor,
  b: DealCreateParsed,
  opts: { idempotencyKey?: string | undefined; onError?: (err: unknown) => void } = {},
): Promise<{ status: number; body: { data: Deal } }> => {
  const now = deps.now();
  const vacated: number[] = [];
  const answer = await deps.db.transaction(async (tx) => {
    const key = opts.idempotencyKey;
    if (key !== undefined) {
      const request_hash = createHash('sha256').update(canonicalJson(b)).digest('hex');
      const claimed = await repo.claimKey(tx, { user_id: actor.id, key, request_hash, created_at: now });
      if (!claimed) {
        const found = await repo.findKey(tx, actor.id, key);
        if (!found || found.request_hash !== request_hash || found.status === null || !found.response_text)
          throw ValidationError.field(IDEMPOTENCY_KEY_HEADER, DEAL_READ_MESSAGES.idempotencyKeyReused);
        return { status: found.status, body: JSON.parse(found.response_text) as { data: Deal } };
      }
    }
    const id = await recordDealIn(tx, actor, b, now, vacated);
    const body = { data: await getDeal(tx, id) };
    if (key !== undefined) await repo.saveKeyResponse(tx, actor.id, key, 201, body);
    return { status: 201, body };
  });
  // Committed: keys past their keeping time go, a batch per keyed create, so the table stays the
  // size of a week's retries (API.md keeps them at least 24 hours).
  if (opts.idempotencyKey !== undefined) {
    await repo
      .purgeKeys(deps.db, new Date(now.getTime() - IDEMPOTENCY_KEY_KEEP_HOURS * 3_600_000))
      .catch((err: unknown) => opts.onError?.(err));
  }
  // Committed: the authors of enquiries a vacated unit now matches are told (ADR 0053).
  const dealId = answer.body.data.id;
  emitAfterCommit(
    deps.db,
    'property.vacated',
    vacated.map((propertyId) => ({ propertyId, dealId, actorId: actor.id })),
    { now, onError: opts.onError },
  );
  return answer;
};
