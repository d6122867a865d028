import {
  AREA_SIZE_TYPE_DEFAULT,
  PROPERTY_PARTY_LISTS,
  PROPERTY_PARTY_LIST_NAMES,
  defaultCurrency,
  type PropertyPartyList,
  type propertyCreateSchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { ValidationError } from '../../lib/errors';
import * as addressRepo from '../addresses/addresses.repository';
import { addressSnapshot, addressValues } from '../addresses/addresses.service';
import { recordManyChanges, type ChangeSet } from '../history/history.service';
import * as parties from './parties.repository';
import { propertySnapshot, type PlacesActor } from './properties.service';
import * as repo from './properties.repository';
import type { NewProperty } from './properties.repository';
import { areaValues, columnValues, definedOnly, listsOf, tenantOf } from './property-payload';
import { withRentSqft } from './rent-sqft.rule';

type CreateBody = z.output<typeof propertyCreateSchema>;

/**
 * Many standalone properties at once (an import's batch, ADR 0103): the same rows
 * `createStandalone` writes — each unit's own address, the property, its party lists, the
 * creation history of both — but one multi-row statement per table instead of a dozen statements
 * per unit. The derived tables follow by their row triggers as for any insert. Every reference is
 * checked first; one missing makes the whole call a ValidationError, and the caller writes the
 * rows one by one to find which (their errors are per row there). Runs in the caller's
 * transaction. Answers each new property's id and updated_at, in the order of `bodies`.
 */
export const createStandaloneMany = async (
  deps: ServiceDeps,
  actor: PlacesActor,
  bodies: CreateBody[],
  importId: number | null = null,
): Promise<Array<{ id: number; updated_at: Date }>> => {
  if (!bodies.length) return [];
  const tx = deps.db;
  const lists = bodies.map(listsOf);
  const companyIds = new Set<number>();
  const userIds = new Set<number>();
  bodies.forEach((b, i) => {
    for (const id of [tenantOf(b).value, b.legal_tenant_id]) if (typeof id === 'number') companyIds.add(id);
    for (const [name, ids] of Object.entries(lists[i]!))
      for (const id of ids ?? [])
        (PROPERTY_PARTY_LISTS[name as PropertyPartyList].kind === 'company' ? companyIds : userIds).add(id);
  });
  const missing = [
    ...(await parties.missingIds(tx, 'company', [...companyIds])),
    ...(await parties.missingIds(tx, 'user', [...userIds])),
  ];
  if (missing.length) throw ValidationError.field('ids', `Unknown ids: ${missing.join(', ')}`);

  const now = deps.now();
  const addresses = await addressRepo.insertAddresses(
    tx,
    bodies.map((b) => ({ ...addressValues(b.address), created_at: now, updated_at: now })),
  );
  const rows = await repo.insertProperties(
    tx,
    bodies.map((b, i) => ({
      ...withRentSqft(null, {
        ...(definedOnly(columnValues(b)) as NewProperty),
        ...definedOnly(areaValues(b, true)),
        area_size_type: b.area_size_type ?? AREA_SIZE_TYPE_DEFAULT,
        currency: defaultCurrency(b.currency, actor.currency),
        address_id: addresses[i]!.id,
        scheme_id: null,
      }),
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    })),
  );
  const saved: Array<Map<PropertyPartyList, number[]>> = rows.map(() => new Map());
  const listRows: Array<[number, PropertyPartyList, number[]]> = [];
  rows.forEach((row, i) => {
    for (const name of PROPERTY_PARTY_LIST_NAMES) {
      const ids = lists[i]![name];
      if (ids?.length) {
        listRows.push([row.id, name, ids]);
        saved[i]!.set(name, ids);
      }
    }
  });
  await parties.insertPropertyLists(tx, listRows);
  const history: ChangeSet[] = rows.flatMap((row, i) => {
    const common = { before: {}, source: 'create' as const, user: actor, now, import_id: importId };
    return [
      {
        ...common,
        entity_type: 'address' as const,
        entity_id: addresses[i]!.id,
        after: addressSnapshot(addresses[i]!),
      },
      {
        ...common,
        entity_type: 'property' as const,
        entity_id: row.id,
        after: propertySnapshot(row, saved[i]),
      },
    ];
  });
  await recordManyChanges(tx, history);
  return rows.map((r) => ({ id: r.id, updated_at: r.updated_at }));
};
