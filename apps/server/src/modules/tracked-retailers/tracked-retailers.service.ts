import {
  RETAILER_STORE_POINTS_MAX,
  TRACKED_RETAILER_MESSAGES,
  type Actor,
  type Page,
  type RetailerStore,
  type RetailerStoreQuery,
  type RetailerTimelineEvent,
  type TrackedRetailer,
  type TrackedRetailerDetail,
  type TrackedRetailerListQuery,
  type retailerStoreQuerySchema,
  type trackedRetailerListQuerySchema,
  type pageQuerySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { NotFoundError } from '../../lib/errors';
import { offsetOf, toPage } from '../../lib/page';
import type { CompanyFilters } from '../companies/companies.repository';
import { assertCanTrack } from './tracked-retailers.policy';
import {
  presentRetailer,
  presentRetailerDetail,
  presentStore,
  presentTimelineEvent,
} from './tracked-retailers.presenter';
import * as repo from './tracked-retailers.repository';
import { timeline as timelineRows } from './timeline.repository';
import { recordWebhookEvent } from '../webhooks/outbox.service';

type ListQuery = z.output<typeof trackedRetailerListQuerySchema>;
type StoreQuery = z.output<typeof retailerStoreQuerySchema>;
type PageQuery = z.output<typeof pageQuerySchema>;
export type { RetailerStoreQuery, TrackedRetailerListQuery };

export const filtersOf = (q: Pick<ListQuery, 'q' | 'category_id' | 'verification'>): CompanyFilters => ({
  q: q.q || undefined,
  category_id: q.category_id,
  verification: q.verification,
});

export const list = async (deps: ServiceDeps, q: ListQuery): Promise<Page<TrackedRetailer>> => {
  const { rows, total } = await repo.listRetailers(
    deps.db,
    filtersOf(q),
    q.sort,
    q.per_page,
    offsetOf(q.page, q.per_page),
  );
  return toPage(rows.map(presentRetailer), { total, page: q.page, perPage: q.per_page });
};

const requireTracked = async (deps: ServiceDeps, id: number) => {
  const row = await repo.findRetailer(deps.db, id);
  if (!row) throw new NotFoundError(TRACKED_RETAILER_MESSAGES.notTracked);
  return row;
};

export const get = async (deps: ServiceDeps, id: number): Promise<TrackedRetailerDetail> =>
  presentRetailerDetail(await requireTracked(deps, id));

export const stores = async (deps: ServiceDeps, id: number, q: StoreQuery): Promise<Page<RetailerStore>> => {
  await requireTracked(deps, id);
  const { rows, total } = await repo.listStores(
    deps.db,
    id,
    q.q || undefined,
    q.sort,
    q.per_page,
    offsetOf(q.page, q.per_page),
  );
  return toPage(rows.map(presentStore), { total, page: q.page, perPage: q.per_page });
};

export const storePoints = async (
  deps: ServiceDeps,
  id: number,
): Promise<{ data: Array<[number, number, number]>; truncated: boolean }> => {
  await requireTracked(deps, id);
  const rows = await repo.storePoints(deps.db, id, RETAILER_STORE_POINTS_MAX + 1);
  return {
    data: rows
      .slice(0, RETAILER_STORE_POINTS_MAX)
      .map((r): [number, number, number] => [Number(r.id), Number(r.lng), Number(r.lat)]),
    truncated: rows.length > RETAILER_STORE_POINTS_MAX,
  };
};

export const timeline = async (
  deps: ServiceDeps,
  id: number,
  q: PageQuery,
): Promise<Page<RetailerTimelineEvent>> => {
  await requireTracked(deps, id);
  const offset = offsetOf(q.page, q.per_page);
  const rows = await timelineRows(deps.db, id, q.per_page, offset);
  // Past the last page the page is empty: its total from the first row.
  const total = rows.length
    ? Number(rows[0]!.total)
    : offset > 0
      ? Number((await timelineRows(deps.db, id, 1, 0))[0]?.total ?? 0)
      : 0;
  return toPage(rows.map(presentTimelineEvent), { total, page: q.page, perPage: q.per_page });
};

/**
 * Starts (assigns core_id 'TR' + the zero-padded id, kept when it has one) or stops (clears it)
 * tracking a company, in one transaction. Returns the retailer when tracked, else null.
 */
export const setTracking = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  tracked: boolean,
): Promise<TrackedRetailerDetail | null> => {
  assertCanTrack(actor);
  return deps.db.transaction(async (tx) => {
    const company = await repo.companyCoreId(tx, id);
    if (!company) throw new NotFoundError();
    if (tracked !== (company.core_id !== null)) {
      await repo.setCoreId(tx, id, tracked);
      // The company's `core_id` is on the wire: a receiver of company edits hears of it (ADR 0098).
      await recordWebhookEvent(tx, 'company.updated', { id, fields: ['core_id'] }, deps.now());
    }
    if (!tracked) return null;
    return presentRetailerDetail((await repo.findRetailer(tx, id))!);
  });
};
