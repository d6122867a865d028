import {
  SCHEME_PARTY_LIST_NAMES,
  parseInclude,
  type Actor,
  type HistorySource,
  type Page,
  type PropertyPartyList,
  type Scheme,
  type SchemePartyList,
  type schemeCreateSchema,
  type schemeListQuerySchema,
  type schemeUpdateSchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { NotFoundError } from '../../lib/errors';
import * as addressRepo from '../addresses/addresses.repository';
import {
  addressValues,
  applyAddressChanges,
  checkCoordinates,
  createAddress,
} from '../addresses/addresses.service';
import { recordChanges, unverifiedSummary, type Snapshot } from '../history/history.service';
import * as parties from '../properties/parties.repository';
import { checkReferences } from '../properties/property-payload';
import { presentScheme } from './schemes.presenter';
import * as repo from './schemes.repository';
import type { NewScheme, SchemeRow } from './schemes.repository';
import { offsetOf, toPage } from '../../lib/page';
import { checkVersion, refusingStale, withVersion } from '../versions/versions.service';

type CreateBody = z.output<typeof schemeCreateSchema>;
type UpdateBody = z.output<typeof schemeUpdateSchema>;
type ListQuery = z.output<typeof schemeListQuerySchema>;
type Lists = Partial<Record<SchemePartyList, number[] | undefined>>;

/** GET /api/schemes/{id}: the scheme with every relation (address, parties, units, files). */
export const getScheme = async (db: Db, id: number): Promise<Scheme> => {
  const [loaded] = await repo.loadByIds(db, [id]);
  if (!loaded) throw new NotFoundError();
  // One after another: writes read the scheme back inside their transaction (one connection).
  const lists = await parties.loadParties(db, 'scheme', [id]);
  const units = await repo.unitsOf(db, [id]);
  const history = await unverifiedSummary(db, {
    entity_type: 'scheme',
    entity_id: id,
    address_id: loaded.s.address_id,
  });
  const archive = await repo.archiveInfo(db, id);
  return withVersion(
    'scheme',
    presentScheme(loaded, { include: 'all', parties: lists.get(id), units, history, archive }),
  );
};

export const get = (deps: ServiceDeps, id: number): Promise<Scheme> => getScheme(deps.db, id);

export const list = async (deps: ServiceDeps, q: ListQuery): Promise<Page<Scheme>> => {
  const { ids, total } = await repo.listIds(deps.db, q, q.sort, q.per_page, offsetOf(q.page, q.per_page));
  const include = parseInclude(q.include);
  const wantsParties = [
    'landlords',
    'landlord_contacts',
    'landlord_agents',
    'landlord_agent_contacts',
    'agents',
    'contacts',
  ].some((n) => include.has(n));
  const wantsUnits = include.has('properties') || include.has('tenant');
  const [loaded, lists, units, counts] = await Promise.all([
    repo.loadByIds(deps.db, ids),
    wantsParties ? parties.loadParties(deps.db, 'scheme', ids) : Promise.resolve(new Map()),
    wantsUnits ? repo.unitsOf(deps.db, ids) : Promise.resolve([]),
    include.has('properties_count')
      ? repo.unitCounts(deps.db, ids)
      : Promise.resolve(new Map<number, number>()),
  ]);
  const byId = new Map(loaded.map((l) => [l.s.id, l]));
  const data = ids
    .map((id) => byId.get(id))
    .filter((l): l is NonNullable<typeof l> => !!l)
    .map((l) =>
      presentScheme(l, {
        include,
        parties: lists.get(l.s.id),
        units: units.filter((u) => u.scheme_id === l.s.id),
        unitCount: counts.get(l.s.id) ?? 0,
      }),
    );
  return toPage(data, { total, page: q.page, perPage: q.per_page });
};

export const schemeSnapshot = (s: Partial<SchemeRow>, lists?: Map<PropertyPartyList, number[]>): Snapshot => {
  const out: Snapshot = {
    name: s.name ?? null,
    type: s.type ?? null,
    opened_at: s.opened_at ?? null,
    car_spaces: s.car_spaces ?? null,
    is_under_construction: s.is_under_construction ?? null,
    reason: s.reason ?? null,
  };
  if (lists) for (const n of SCHEME_PARTY_LIST_NAMES) out[n] = lists.get(n) ?? [];
  return out;
};

const listsOf = (b: Lists): Lists =>
  Object.fromEntries(SCHEME_PARTY_LIST_NAMES.map((n) => [n, b[n] ? [...new Set(b[n])] : undefined]));

/** `opened` is the spec's name, `opened_at` the read name; either is accepted (opened wins). */
const columnsOf = (b: CreateBody | UpdateBody): Partial<NewScheme> => ({
  name: b.name,
  type: b.type,
  opened_at: b.opened !== undefined ? b.opened : b.opened_at,
  car_spaces: b.car_spaces,
  is_under_construction: b.is_under_construction ?? b.under_construction,
  reason: b.reason,
});

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** POST /api/schemes */
export const create = async (deps: ServiceDeps, actor: Actor, b: CreateBody): Promise<Scheme> => {
  const lists = listsOf(b);
  const addr = addressValues(b.address);
  return deps.db.transaction(async (tx) => {
    await checkReferences(tx, { companies: {}, lists });
    const now = deps.now();
    const address = await createAddress(tx, actor, addr, 'create', now);
    const row = await repo.insertScheme(tx, {
      ...(definedOnly(columnsOf(b)) as NewScheme),
      address_id: address.id,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    });
    const saved = new Map<PropertyPartyList, number[]>();
    for (const n of SCHEME_PARTY_LIST_NAMES) {
      const ids = lists[n];
      if (ids?.length) {
        await parties.replaceList(tx, 'scheme', row.id, n, ids);
        saved.set(n, ids);
      }
    }
    await recordChanges(tx, {
      entity_type: 'scheme',
      entity_id: row.id,
      before: {},
      after: schemeSnapshot(row, saved),
      source: 'create',
      user: actor,
      now,
    });
    return getScheme(tx, row.id);
  });
};

/**
 * A scheme update payload applied to `current` with history, in the caller's transaction (PUT
 * /api/schemes/{id}, and a sale of the scheme with source 'deal'). Absent fields are unchanged;
 * the ids are checked by the caller.
 */
export const applySchemeChanges = async (
  tx: Db,
  actor: Actor,
  current: SchemeRow,
  b: UpdateBody,
  opts: { source: HistorySource; now: Date; dealId?: number },
): Promise<void> => {
  const { source, now, dealId } = opts;
  const id = current.id;
  const lists = listsOf(b);
  const cols = definedOnly(columnsOf(b));
  const changed = SCHEME_PARTY_LIST_NAMES.filter((n) => lists[n] !== undefined);
  const before = await parties.partyIds(tx, 'scheme', id);
  const after = schemeSnapshot({ ...current, ...cols }, new Map(changed.map((n) => [n, lists[n]!])));
  const touched: Snapshot = {};
  for (const k of [...Object.keys(cols), ...changed]) touched[k] = after[k];
  const n = await recordChanges(tx, {
    entity_type: 'scheme',
    entity_id: id,
    before: schemeSnapshot(current, before),
    after: touched,
    source,
    user: actor,
    deal_id: dealId ?? null,
    now,
  });
  if (n) {
    for (const name of changed) await parties.replaceList(tx, 'scheme', id, name, lists[name]!);
    await repo.updateScheme(tx, id, { ...cols, updated_at: now });
  }
  if (b.address) {
    checkCoordinates(b.address.latitude, b.address.longitude, 'address.');
    const addr = (await addressRepo.findById(tx, current.address_id))!;
    const a = b.address;
    // A scheme has no unit number: address.unit is accepted (the spec sends it) and ignored.
    await applyAddressChanges(
      tx,
      actor,
      addr,
      {
        country: a.country,
        street: a.street,
        street2: a.street2,
        city: a.city,
        region: a.region,
        post_code: a.post_code,
        notes: a.notes,
        lat: a.latitude,
        lng: a.longitude,
      },
      source,
      now,
      dealId,
    );
  }
};

/** PUT /api/schemes/{id} (spec B §3): absent fields unchanged. */
export const update = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  b: UpdateBody,
  expected?: string,
): Promise<Scheme> =>
  refusingStale(
    'scheme',
    () =>
      deps.db.transaction(async (tx) => {
        await checkVersion(tx, 'scheme', id, expected, () => getScheme(tx, id));
        const current = await repo.findRow(tx, id);
        if (!current) throw new NotFoundError();
        await checkReferences(tx, { companies: {}, lists: listsOf(b) });
        await applySchemeChanges(tx, actor, current, b, { source: 'update', now: deps.now() });
        return getScheme(tx, id);
      }),
    () => getScheme(deps.db, id),
  );
