import { AREA_SIZE_TYPE_DEFAULT, defaultCurrency, type StoreListRow } from '@frontage/shared';
import type { Db } from '../../db/client';
import { addressSnapshot } from '../addresses/addresses.service';
import { recordManyChanges } from '../history/history.service';
import { propertySnapshot, type PlacesActor } from '../properties/properties.service';
import * as repo from './store-lists.repository';

/**
 * Creates the units of a batch of new stores: their addresses and properties (tenant = the
 * retailer) with their creation history (source 'reconcile'), as POST /api/properties records
 * them — four statements per batch, not four per store.
 */
export const createUnits = async (
  tx: Db,
  actor: PlacesActor,
  companyId: number,
  rows: StoreListRow[],
  now: Date,
): Promise<void> => {
  if (!rows.length) return;
  const addresses = await repo.insertAddresses(
    tx,
    rows.map((row) => ({
      street: row.address_line_1,
      street2: row.address_line_2,
      city: row.town,
      post_code: row.post_code,
      created_at: now,
      updated_at: now,
    })),
  );
  await recordManyChanges(
    tx,
    addresses.map((a) => ({
      entity_type: 'address' as const,
      entity_id: a.id,
      before: {},
      after: addressSnapshot(a),
      source: 'reconcile' as const,
      user: actor,
      now,
    })),
  );
  const units = await repo.insertProperties(
    tx,
    rows.map((row, i) => ({
      address_id: addresses[i]!.id,
      scheme_id: null,
      tenant_id: companyId,
      currency: defaultCurrency(undefined, actor.currency),
      area_size_type: AREA_SIZE_TYPE_DEFAULT,
      lease_start_date: row.opening_date,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    })),
  );
  await recordManyChanges(
    tx,
    units.map((u) => ({
      entity_type: 'property' as const,
      entity_id: u.id,
      before: {},
      after: propertySnapshot(u, new Map()),
      source: 'reconcile' as const,
      user: actor,
      now,
    })),
  );
};
