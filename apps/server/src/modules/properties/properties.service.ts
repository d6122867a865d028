import {
  AREA_KEYS,
  AREA_SIZE_TYPE_DEFAULT,
  PROPERTY_PARTY_LIST_NAMES,
  SCHEME_PARTY_LIST_NAMES,
  defaultCurrency,
  parseInclude,
  type Actor,
  type HistorySource,
  type Page,
  type Property,
  type PropertyPartyList,
  type PropertySimple,
  type propertyAreasSchema,
  type propertyCreateSchema,
  type propertyListQuerySchema,
  type propertySimpleQuerySchema,
  type propertyUpdateSchema,
  type schemePropertyCreateSchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { NotFoundError } from '../../lib/errors';
import * as addressRepo from '../addresses/addresses.repository';
import { addressValues, applyAddressUpdate, createAddress } from '../addresses/addresses.service';
import { offsetPosition } from '../addresses/position-offset';
import { recordChanges, unverifiedSummaries, type Snapshot } from '../history/history.service';
import * as parties from './parties.repository';
import { presentProperty, presentSimple } from './properties.presenter';
import * as repo from './properties.repository';
import type { NewProperty, PropertyRow } from './properties.repository';
import {
  areaValues,
  checkReferences,
  columnValues,
  definedOnly,
  listsOf,
  tenantOf,
  type Lists,
} from './property-payload';
import { checkAreaBounds, withRentSqft } from './rent-sqft.rule';
import { offsetOf, toPage } from '../../lib/page';
import { checkVersion, refusingStale, withVersion } from '../versions/versions.service';
import { assertSchemeLive } from '../archive/archive.guard';
import { recordPropertyChange } from '../webhooks/outbox.service';

type CreateBody = z.output<typeof propertyCreateSchema>;
type SchemeCreateBody = z.output<typeof schemePropertyCreateSchema>;
type UpdateBody = z.output<typeof propertyUpdateSchema>;
type AreasBody = z.output<typeof propertyAreasSchema>;
type ListQuery = z.output<typeof propertyListQuerySchema>;
type SimpleQuery = z.output<typeof propertySimpleQuerySchema>;
/** The signed-in user: who acts, and whose currency is the default. */
export type PlacesActor = Actor & { currency?: string | null };

/* ───────────────────────────── reads ───────────────────────────── */

/** GET /api/properties/{id}: the property with every include of spec B §7. */
export const getProperty = async (db: Db, id: number): Promise<Property> => {
  const found = await repo.loadOneWithIncludes(db, id);
  if (!found) throw new NotFoundError();
  return withVersion(
    'property',
    presentProperty(found.loaded, {
      include: 'all',
      parties: found.parties,
      history: found.history,
      archive: found.archive,
    }),
  );
};

export const get = (deps: ServiceDeps, id: number): Promise<Property> => getProperty(deps.db, id);

/** GET /api/properties: filters, sort, server-side pages, includes. */
export const list = async (deps: ServiceDeps, actor: PlacesActor, q: ListQuery): Promise<Page<Property>> => {
  const { ids, total } = await repo.listIds(
    deps.db,
    { ...q, mine: q.mine ? { userId: actor.id, companyId: actor.company_id } : undefined },
    q.sort,
    q.per_page,
    offsetOf(q.page, q.per_page),
  );
  const include = parseInclude(q.include);
  const wantsParties = PROPERTY_PARTY_LIST_NAMES.some((n) => include.has(n));
  const wantsHistory = include.has('unverified_history_count') || include.has('unverified_history_columns');
  const [loaded, lists, history] = await Promise.all([
    repo.loadByIds(deps.db, ids),
    wantsParties ? parties.loadParties(deps.db, 'property', ids) : Promise.resolve(new Map()),
    wantsHistory ? unverifiedSummaries(deps.db, 'property', ids) : Promise.resolve(new Map()),
  ]);
  const byId = new Map(loaded.map((l) => [l.p.id, l]));
  const data = ids
    .map((id) => byId.get(id))
    .filter((l): l is NonNullable<typeof l> => !!l)
    .map((l) => presentProperty(l, { include, parties: lists.get(l.p.id), history: history.get(l.p.id) }));
  return toPage(data, { total, page: q.page, perPage: q.per_page });
};

/** GET /api/properties/simple: the property typeahead. */
export const simple = async (deps: ServiceDeps, q: SimpleQuery): Promise<Page<PropertySimple>> => {
  const offset = offsetOf(q.page, q.per_page);
  const { rows, more } = await repo.simpleSearch(
    deps.db,
    { q: q.q, type: q.type, scheme_id: q.scheme_id },
    q.per_page,
    offset,
  );
  // No exact count for a typeahead (ADR 0023): the total says "this page, and one more row" when
  // another page exists, so total_pages is always "this page" or "this page + 1".
  const total = offset + rows.length + (more ? 1 : 0);
  return toPage(rows.map(presentSimple), { total, page: q.page, perPage: q.per_page });
};

/* ───────────────────────────── writes ───────────────────────────── */

/** The history snapshot of a property: its columns and party lists (as id arrays). */
export const propertySnapshot = (
  p: Partial<PropertyRow>,
  lists?: Map<PropertyPartyList, number[]>,
): Snapshot => {
  const s: Snapshot = {
    building_num: p.building_num ?? null,
    planning: p.planning ?? null,
    reason: p.reason ?? null,
    scheme_id: p.scheme_id ?? null,
    tenant_id: p.tenant_id ?? null,
    legal_tenant_id: p.legal_tenant_id ?? null,
    currency: p.currency ?? null,
    rent_pa: p.rent_pa ?? null,
    rent_sqft: p.rent_sqft ?? null,
    rateable_value: p.rateable_value ?? null,
    service_charge: p.service_charge ?? null,
    incentive: p.incentive ?? null,
    lease_start_date: p.lease_start_date ?? null,
    lease_end_date: p.lease_end_date ?? null,
    next_review_date: p.next_review_date ?? null,
    rent_review_clause: p.rent_review_clause ?? null,
    break_date: p.break_date ?? null,
    break_clause: p.break_clause ?? null,
    security_of_tenure: p.security_of_tenure ?? null,
    break_party: p.break_party ?? null,
    break_kind: p.break_kind ?? null,
    break_notice_months: p.break_notice_months ?? null,
    review_interval_years: p.review_interval_years ?? null,
    review_basis: p.review_basis ?? null,
    lease_notes: p.lease_notes ?? null,
    area_size_type: p.area_size_type ?? null,
  };
  for (const k of AREA_KEYS) s[k] = p[k] === null || p[k] === undefined ? null : Number(p[k]);
  if (lists) for (const name of PROPERTY_PARTY_LIST_NAMES) s[name] = lists.get(name) ?? [];
  return s;
};

/** Inserts a property, its lists and its creation history; returns the new id. */
const insertWithParties = async (
  tx: Db,
  actor: PlacesActor,
  values: NewProperty,
  lists: Lists,
  now: Date,
): Promise<number> => {
  const row = await repo.insertProperty(tx, {
    ...values,
    created_by: actor.id,
    created_at: now,
    updated_at: now,
  });
  const saved = new Map<PropertyPartyList, number[]>();
  for (const name of PROPERTY_PARTY_LIST_NAMES) {
    const ids = lists[name];
    if (ids?.length) {
      await parties.replaceList(tx, 'property', row.id, name, ids);
      saved.set(name, ids);
    }
  }
  await recordChanges(tx, {
    entity_type: 'property',
    entity_id: row.id,
    before: {},
    after: propertySnapshot(row, saved),
    source: 'create',
    user: actor,
    now,
  });
  return row.id;
};

/** POST /api/properties — a standalone property with its new address (spec B §3). */
export const createStandalone = async (
  deps: ServiceDeps,
  actor: PlacesActor,
  b: CreateBody,
): Promise<Property> => {
  const lists = listsOf(b);
  const tenant = tenantOf(b);
  const addr = addressValues(b.address);
  return deps.db.transaction(async (tx) => {
    await checkReferences(tx, {
      companies: { [tenant.field]: tenant.value, legal_tenant_id: b.legal_tenant_id },
      lists,
    });
    const now = deps.now();
    const address = await createAddress(tx, actor, addr, 'create', now);
    const id = await insertWithParties(
      tx,
      actor,
      withRentSqft(null, {
        ...(definedOnly(columnValues(b)) as NewProperty),
        ...definedOnly(areaValues(b, true)),
        area_size_type: b.area_size_type ?? AREA_SIZE_TYPE_DEFAULT,
        currency: defaultCurrency(b.currency, actor.currency),
        address_id: address.id,
        scheme_id: null,
      }),
      lists,
      now,
    );
    return getProperty(tx, id);
  });
};

/**
 * POST /api/schemes/{id}/properties — a unit inside a scheme. Its address is a new row copied
 * from the scheme's, placed at `address.position` or the scheme's point, offset by up to 0.0002°
 * (spec B §4). Landlord lists not sent are the scheme's.
 */
export const createInScheme = async (
  deps: ServiceDeps,
  actor: PlacesActor,
  schemeId: number,
  b: SchemeCreateBody,
  random: () => number = Math.random,
): Promise<Property> => {
  const lists = listsOf(b);
  const tenant = tenantOf(b);
  return deps.db.transaction(async (tx) => {
    const scheme = await repo.findScheme(tx, schemeId);
    if (!scheme) throw new NotFoundError();
    // No new unit in an archived scheme (ADR 0078).
    await assertSchemeLive(tx, schemeId, 'scheme_id');
    await checkReferences(tx, {
      companies: { [tenant.field]: tenant.value, legal_tenant_id: b.legal_tenant_id },
      lists,
    });
    const schemeAddress = (await addressRepo.findById(tx, scheme.address_id))!;
    const schemeLists = await parties.partyIds(tx, 'scheme', schemeId);
    for (const name of SCHEME_PARTY_LIST_NAMES)
      if (lists[name] === undefined) lists[name] = schemeLists.get(name) ?? [];

    const pos = b.address?.position;
    const base =
      pos && typeof pos.lat === 'number' && typeof pos.lng === 'number'
        ? { lat: pos.lat, lng: pos.lng }
        : schemeAddress.lat !== null && schemeAddress.lng !== null
          ? { lat: schemeAddress.lat, lng: schemeAddress.lng }
          : null;
    const point = base ? offsetPosition(base, random) : null;
    const now = deps.now();
    const address = await createAddress(
      tx,
      actor,
      {
        street: schemeAddress.street,
        street2: schemeAddress.street2,
        city: schemeAddress.city,
        region: schemeAddress.region,
        post_code: schemeAddress.post_code,
        country: schemeAddress.country,
        lat: point?.lat ?? null,
        lng: point?.lng ?? null,
      },
      'create',
      now,
    );
    const id = await insertWithParties(
      tx,
      actor,
      withRentSqft(null, {
        ...(definedOnly(columnValues(b)) as NewProperty),
        ...definedOnly(areaValues(b, true)),
        area_size_type: b.area_size_type ?? AREA_SIZE_TYPE_DEFAULT,
        currency: defaultCurrency(b.currency, actor.currency),
        address_id: address.id,
        scheme_id: schemeId,
      }),
      lists,
      now,
    );
    return getProperty(tx, id);
  });
};

/**
 * Applies column and list changes with history; `source` says where they came from (and `dealId`
 * which deal, for source 'deal').
 */
export const applyPropertyChanges = async (
  tx: Db,
  actor: PlacesActor,
  current: PropertyRow,
  columns: Partial<NewProperty>,
  lists: Lists,
  source: HistorySource,
  now: Date,
  dealId?: number,
  /** The property's lists as the caller just read them in this transaction (saves reading them again). */
  currentLists?: Map<PropertyPartyList, number[]>,
): Promise<number> => {
  const cols = definedOnly(columns);
  const changedLists = PROPERTY_PARTY_LIST_NAMES.filter((n) => lists[n] !== undefined);
  const before = currentLists ?? (await parties.partyIds(tx, 'property', current.id));
  const after = propertySnapshot({ ...current, ...cols }, new Map(changedLists.map((n) => [n, lists[n]!])));
  // Only the fields the payload touched are compared.
  const touched: Snapshot = {};
  for (const k of [...Object.keys(cols), ...changedLists]) touched[k] = after[k];
  const was = propertySnapshot(current, before);
  const n = await recordChanges(tx, {
    entity_type: 'property',
    entity_id: current.id,
    before: was,
    after: touched,
    source,
    user: actor,
    deal_id: dealId ?? null,
    now,
  });
  if (!n) return 0;
  for (const name of changedLists) {
    const old = before.get(name) ?? [];
    const next = lists[name]!;
    if (old.length !== next.length || old.some((v, i) => v !== next[i]))
      await parties.replaceList(tx, 'property', current.id, name, next);
  }
  await repo.updateProperty(tx, current.id, { ...cols, updated_at: now });
  await recordPropertyChange(tx, current.id, was, touched, now);
  return n;
};

/**
 * PUT /api/properties/{id}: absent fields unchanged, null clears. The address and the areas may
 * come in the same call (the Edit Property dialog, ADR 0066): all of it is one transaction, so a
 * refusal anywhere writes nothing. Address fields are recorded as the address's history.
 */
export const update = async (
  deps: ServiceDeps,
  actor: PlacesActor,
  id: number,
  b: UpdateBody,
  expected?: string,
): Promise<Property> => {
  const lists = listsOf(b);
  const tenant = tenantOf(b);
  // With the unit, the areas are replaced as PUT …/areas does; without it, only those sent change.
  const areas =
    b.area_size_type !== undefined
      ? { area_size_type: b.area_size_type, ...areaValues(b, true) }
      : areaValues(b, false);
  return refusingStale(
    'property',
    () =>
      deps.db.transaction(async (tx) => {
        await checkVersion(tx, 'property', id, expected, () => getProperty(tx, id));
        const current = await repo.findRow(tx, id);
        if (!current) throw new NotFoundError();
        await checkReferences(tx, {
          companies: { [tenant.field]: tenant.value, legal_tenant_id: b.legal_tenant_id },
          schemeId: b.scheme_id,
          lists,
        });
        // No move into an archived scheme (ADR 0078); its own scheme is not locked again.
        if (typeof b.scheme_id === 'number' && b.scheme_id !== current.scheme_id)
          await assertSchemeLive(tx, b.scheme_id, 'scheme_id');
        const now = deps.now();
        if (b.address) {
          const address = (await addressRepo.findById(tx, current.address_id))!;
          await applyAddressUpdate(
            tx,
            actor,
            address,
            { ...b.address, unit: undefined },
            { source: 'update', now, prefix: 'address.' },
          );
        }
        if (b.area_size_type === undefined) checkAreaBounds(current.area_size_type, areas);
        await applyPropertyChanges(
          tx,
          actor,
          current,
          withRentSqft(current, { ...columnValues(b), ...areas, scheme_id: b.scheme_id }),
          lists,
          'update',
          now,
        );
        return getProperty(tx, id);
      }),
    () => getProperty(deps.db, id),
  );
};

/** PUT /api/properties/{id}/areas: the unit and the ticked areas; every area not sent is cleared. */
export const updateAreas = async (
  deps: ServiceDeps,
  actor: PlacesActor,
  id: number,
  b: AreasBody,
  expected?: string,
): Promise<Property> =>
  refusingStale(
    'property',
    () =>
      deps.db.transaction(async (tx) => {
        await checkVersion(tx, 'property', id, expected, () => getProperty(tx, id));
        const current = await repo.findRow(tx, id);
        if (!current) throw new NotFoundError();
        await applyPropertyChanges(
          tx,
          actor,
          current,
          withRentSqft(current, { area_size_type: b.area_size_type, ...areaValues(b, true) }),
          {},
          'areas',
          deps.now(),
        );
        return getProperty(tx, id);
      }),
    () => getProperty(deps.db, id),
  );
