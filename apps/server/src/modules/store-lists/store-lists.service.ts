import {
  STORE_LIST_MESSAGES,
  TRACKED_RETAILER_MESSAGES,
  type StoreListApplyBody,
  type StoreListPreview,
  type StoreListPreviewRow,
  type StoreListUnitRef,
  type storeListApplyBodySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { runUploadTask } from '../../lib/workers/pool';
import { postCodeKey, storeKey } from './store-list.match';
import { rowErrors } from './store-list.parse';
import * as repo from './store-lists.repository';
import type { UnitAddress } from './store-lists.repository';

export type ApplyBody = z.output<typeof storeListApplyBodySchema>;
export type { StoreListApplyBody };

/** The tracked retailer, or 404 with the reason (before any file is read). */
export const trackedRetailer = async (db: Db, id: number) => {
  const company = await repo.findCompany(db, id);
  if (!company) throw new NotFoundError();
  if (company.core_id === null) throw new NotFoundError(TRACKED_RETAILER_MESSAGES.notTracked);
  return company;
};

const ref = (u: UnitAddress): StoreListUnitRef => ({
  property_id: u.property_id,
  full_address: u.full_address,
  town: u.town,
  post_code: u.post_code,
});

/** Units by their store key, each list in id order; `take` hands each unit out once. */
const pool = (units: UnitAddress[]) => {
  const byKey = new Map<string, UnitAddress[]>();
  for (const u of units) {
    const k = storeKey(u.post_code, u.street);
    const list = byKey.get(k);
    if (list) list.push(u);
    else byKey.set(k, [u]);
  }
  return {
    take: (k: string): UnitAddress | undefined => byKey.get(k)?.shift(),
    rest: () => [...byKey.values()].flat(),
  };
};

/**
 * POST /api/core/retailers/{id}/store-list/preview: the list read and matched against the units
 * the retailer holds (each unit matches one row at most); rows not on our data are offered a
 * vacant unit at the same address; units no row named are the candidate closures. Writes nothing.
 */
export const preview = async (
  deps: ServiceDeps,
  companyId: number,
  fileName: string,
  bytes: Buffer,
): Promise<StoreListPreview> => {
  const company = await trackedRetailer(deps.db, companyId);
  // Read in an upload worker (ADR 0070): the file is checked and parsed off the event loop.
  const parsed = await runUploadTask(deps.config.uploads, 'file', 'storeList', { bytes, fileName });
  const held = pool(await repo.unitsHeldBy(deps.db, companyId));
  const rows: StoreListPreviewRow[] = parsed.map(({ row, errors }) => {
    if (errors.length) return { row, status: 'invalid', unit: null, vacant_unit: null, errors };
    const unit = held.take(storeKey(row.post_code, row.address_line_1));
    return {
      row,
      status: unit ? 'matched' : 'new',
      unit: unit ? ref(unit) : null,
      vacant_unit: null,
      errors: [],
    };
  });
  const fresh = rows.filter((r) => r.status === 'new');
  const vacant = pool(
    await repo.vacantUnitsAt(deps.db, [...new Set(fresh.map((r) => postCodeKey(r.row.post_code)))]),
  );
  for (const r of fresh) {
    const unit = vacant.take(storeKey(r.row.post_code, r.row.address_line_1));
    if (unit) r.vacant_unit = ref(unit);
  }
  const missing = held
    .rest()
    .sort((a, b) => a.property_id - b.property_id)
    .map(ref);
  const count = (s: StoreListPreviewRow['status']) => rows.filter((r) => r.status === s).length;
  return {
    company: { id: company.id, name: company.name },
    file_name: fileName,
    rows,
    missing,
    counts: {
      matched: count('matched'),
      new: count('new'),
      invalid: count('invalid'),
      missing: missing.length,
    },
  };
};

/** Thrown while applying: the file line of the row that failed (null for a closure). */
export class RowFailure extends Error {
  constructor(
    readonly line: number | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Every action checked before anything is written: the rows' own fields again, each unit named
 * once, a tracked change's unit still vacant and a closure's unit still held by the retailer.
 * Throws a 422 keyed `actions.<i>`. `tenants` is read with `repo.tenantsOf` (locking, in a
 * transaction).
 */
export const actionErrors = (
  companyId: number,
  body: ApplyBody,
  tenants: Map<number, number | null>,
): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  body.actions.forEach((a, i) => {
    const list: string[] = a.action === 'close' ? [] : rowErrors(a.row);
    if (a.action !== 'create') {
      const tenant = tenants.get(a.property_id);
      const stale =
        seen.has(a.property_id) ||
        tenant === undefined ||
        (a.action === 'tracked_change' ? tenant !== null : tenant !== companyId);
      if (stale) list.push(STORE_LIST_MESSAGES.staleRow);
      seen.add(a.property_id);
    }
    if (list.length) errors[`actions.${i}`] = list;
  });
  return errors;
};

export const unitIdsOf = (body: ApplyBody): number[] => [
  ...new Set(body.actions.flatMap((a) => (a.action === 'create' ? [] : [a.property_id]))),
];

/** The plain 422 before the stream starts: nothing is written when any action is wrong. */
export const checkApply = async (deps: ServiceDeps, companyId: number, body: ApplyBody): Promise<void> => {
  await trackedRetailer(deps.db, companyId);
  const errors = actionErrors(companyId, body, await repo.tenantsOfUnlocked(deps.db, unitIdsOf(body)));
  if (Object.keys(errors).length) throw new ValidationError(errors);
};
