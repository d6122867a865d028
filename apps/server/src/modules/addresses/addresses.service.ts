import {
  ADDRESS_MESSAGES,
  type Actor,
  type Address,
  type AddressInputParsed,
  type HistorySource,
} from '@frontage/shared';
import type { z } from 'zod';
import type { addressUpdateSchema } from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { recordChanges, type Snapshot } from '../history/history.service';
import { recordWebhookEvents } from '../webhooks/outbox.service';
import { presentAddress } from './addresses.presenter';
import * as repo from './addresses.repository';
import type { AddressRow, NewAddress } from './addresses.repository';

type AddressUpdateBody = z.output<typeof addressUpdateSchema>;

export const addressSnapshot = (r: Partial<AddressRow>): Snapshot => ({
  street: r.street ?? null,
  street2: r.street2 ?? null,
  city: r.city ?? null,
  region: r.region ?? null,
  post_code: r.post_code ?? null,
  country: r.country ?? null,
  notes: r.notes ?? null,
  lat: r.lat ?? null,
  lng: r.lng ?? null,
});

/** Latitude and longitude come as a pair (both set or both cleared); `prefix` names the field. */
export const checkCoordinates = (
  lat: number | null | undefined,
  lng: number | null | undefined,
  prefix: string,
): void => {
  const latSet = lat !== undefined && lat !== null;
  const lngSet = lng !== undefined && lng !== null;
  if (latSet !== lngSet) {
    throw ValidationError.field(
      `${prefix}${latSet ? 'longitude' : 'latitude'}`,
      ADDRESS_MESSAGES.coordinatesPair,
    );
  }
};

/** Inserts an address (create of a property or scheme) and records its fields as history. */
export const createAddress = async (
  tx: Db,
  actor: Actor,
  values: NewAddress,
  source: HistorySource,
  now: Date,
): Promise<AddressRow> => {
  const row = await repo.insertAddress(tx, { ...values, created_at: now, updated_at: now });
  await recordChanges(tx, {
    entity_type: 'address',
    entity_id: row.id,
    before: {},
    after: addressSnapshot(row),
    source,
    user: actor,
    now,
  });
  return row;
};

/** The address columns of a create payload's address object. */
export const addressValues = (a: AddressInputParsed): NewAddress => {
  checkCoordinates(a.latitude, a.longitude, 'address.');
  return {
    street: a.street ?? null,
    street2: a.street2 ?? null,
    city: a.city ?? null,
    region: a.region ?? null,
    post_code: a.post_code ?? null,
    country: a.country,
    notes: a.notes ?? null,
    lat: a.latitude ?? null,
    lng: a.longitude ?? null,
  };
};

/** The address fields (absent = unchanged) applied with history; `changed` when any differed. */
const changeAddress = async (
  tx: Db,
  actor: Actor,
  current: AddressRow,
  changes: Partial<NewAddress>,
  source: HistorySource,
  now: Date,
  dealId?: number,
): Promise<{ row: AddressRow; changed: boolean }> => {
  const defined = Object.fromEntries(
    Object.entries(changes).filter(([, v]) => v !== undefined),
  ) as Partial<NewAddress>;
  if (!Object.keys(defined).length) return { row: current, changed: false };
  const recorded = await recordChanges(tx, {
    entity_type: 'address',
    entity_id: current.id,
    before: addressSnapshot(current),
    after: addressSnapshot({ ...current, ...defined }),
    source,
    user: actor,
    deal_id: dealId ?? null,
    now,
  });
  if (!recorded) return { row: current, changed: false };
  return { row: await repo.updateAddress(tx, current.id, { ...defined, updated_at: now }), changed: true };
};

/**
 * `property.updated` (ADR 0098) for each property at the address: `address` when the address
 * changed, `building_num` for those whose unit number changed. A property is read through the
 * API with its address, so a receiver re-reads it either way.
 */
const recordPropertyEvents = async (
  tx: Db,
  using: Array<{ id: number }>,
  addressChanged: boolean,
  unitChanged: Set<number>,
  now: Date,
): Promise<void> => {
  const events = using.flatMap((p) => {
    const fields = [
      ...(addressChanged ? ['address'] : []),
      ...(unitChanged.has(p.id) ? ['building_num'] : []),
    ];
    return fields.length ? [{ id: p.id, fields }] : [];
  });
  // One statement however many units share the address.
  await recordWebhookEvents(tx, 'property.updated', events, now);
};

/** Applies the given address fields (absent = unchanged) with history; returns the new row. */
export const applyAddressChanges = async (
  tx: Db,
  actor: Actor,
  current: AddressRow,
  changes: Partial<NewAddress>,
  source: HistorySource,
  now: Date,
  dealId?: number,
): Promise<AddressRow> => {
  const { row, changed } = await changeAddress(tx, actor, current, changes, source, now, dealId);
  if (changed)
    await recordPropertyEvents(tx, await repo.propertiesUsing(tx, current.id), true, new Set(), now);
  return row;
};

/**
 * The address update payload (spec B §3) applied to address `id` with history, in the caller's
 * transaction: `unit` sets the building_num of the properties at this address (recorded as
 * property history). `prefix` names the fields in a 422 (e.g. 'address.' inside a deal).
 */
export const applyAddressUpdate = async (
  tx: Db,
  actor: Actor,
  current: AddressRow,
  body: AddressUpdateBody,
  opts: { source: HistorySource; now: Date; prefix?: string; dealId?: number },
): Promise<AddressRow> => {
  checkCoordinates(
    body.latitude === undefined ? undefined : body.latitude,
    body.longitude === undefined ? undefined : body.longitude,
    opts.prefix ?? '',
  );
  const { source, now, dealId } = opts;
  const { row, changed } = await changeAddress(
    tx,
    actor,
    current,
    {
      country: body.country,
      street: body.street,
      street2: body.street2,
      city: body.city,
      region: body.region,
      post_code: body.post_code,
      notes: body.notes,
      lat: body.latitude,
      lng: body.longitude,
    },
    source,
    now,
    dealId,
  );
  if (!changed && body.unit === undefined) return row;
  const using = await repo.propertiesUsing(tx, current.id);
  const unitChanged = new Set<number>();
  if (body.unit !== undefined) {
    for (const p of using) {
      const n = await recordChanges(tx, {
        entity_type: 'property',
        entity_id: p.id,
        before: { building_num: p.building_num },
        after: { building_num: body.unit },
        source,
        user: actor,
        deal_id: dealId ?? null,
        now,
      });
      if (!n) continue;
      await repo.setBuildingNum(tx, p.id, body.unit, now);
      unitChanged.add(p.id);
    }
  }
  await recordPropertyEvents(tx, using, changed, unitChanged, now);
  return row;
};

/** PUT /api/addresses/{id} — the address step after a deal (applyAddressUpdate, source 'address'). */
export const updateAddress = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  body: AddressUpdateBody,
): Promise<Address> => {
  checkCoordinates(
    body.latitude === undefined ? undefined : body.latitude,
    body.longitude === undefined ? undefined : body.longitude,
    '',
  );
  return deps.db.transaction(async (tx) => {
    const current = await repo.findById(tx, id);
    if (!current) throw new NotFoundError();
    const row = await applyAddressUpdate(tx, actor, current, body, { source: 'address', now: deps.now() });
    return presentAddress(row);
  });
};
