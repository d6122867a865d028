import {
  API_MESSAGES,
  AREA_SIZE_TYPE_DEFAULT,
  STORE_LIST_MESSAGES,
  dealCreateSchema,
  defaultCurrency,
  todayIso,
  type StoreListApplyEvent,
  type StoreListRow,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { emitAfterCommit } from '../../events/after-commit';
import { AppError, ValidationError } from '../../lib/errors';
import { createAddress } from '../addresses/addresses.service';
import { recordDealIn } from '../deals/deals.service';
import { insertWithParties, type PlacesActor } from '../properties/properties.service';
import * as repo from './store-lists.repository';
import { RowFailure, actionErrors, trackedRetailer, unitIdsOf, type ApplyBody } from './store-lists.service';

/** A progress line every this many actions. */
export const PROGRESS_EVERY = 25;

const lineOf = (body: ApplyBody, i: number): number | null => {
  const a = body.actions[i]!;
  return a.action === 'close' ? null : a.row.line;
};

const messageOf = (err: unknown): string => {
  if (err instanceof ValidationError) return Object.values(err.errors).flat()[0] ?? err.message;
  if (err instanceof AppError) return err.message;
  return API_MESSAGES.serverError;
};

/** The address of a new unit: the row's lines, town and post code (no position yet). */
const addressOf = (row: StoreListRow) => ({
  street: row.address_line_1,
  street2: row.address_line_2,
  city: row.town,
  region: null,
  post_code: row.post_code,
  country: 'United Kingdom',
  notes: null,
  lat: null,
  lng: null,
});

/**
 * Applies the chosen actions in ONE transaction, telling `emit` the progress, then the result —
 * or, when any action fails, rolling everything back and ending with the failing row's line.
 * Creates go through the properties service (history source 'reconcile'); tracked changes and
 * closures are tracked-retailer deals (recordDealIn), a closure's new tenant being none.
 */
export const runApply = async (
  deps: ServiceDeps,
  actor: PlacesActor,
  companyId: number,
  body: ApplyBody,
  emit: (e: StoreListApplyEvent) => void,
  onError: (err: unknown) => void,
): Promise<void> => {
  const total = body.actions.length;
  const counts = { created: 0, changed: 0, closed: 0 };
  const vacated: Array<{ propertyId: number; dealId: number; actorId: number }> = [];
  const now = deps.now();
  const today = todayIso(now);
  let current = -1;
  try {
    await deps.db.transaction(async (tx) => {
      await trackedRetailer(tx, companyId);
      // Checked again under lock: a unit taken or let since the check is a stale row.
      const errors = actionErrors(companyId, body, await repo.tenantsOf(tx, unitIdsOf(body)));
      const first = Object.keys(errors)[0];
      if (first) {
        const i = Number(first.split('.')[1]);
        throw new RowFailure(lineOf(body, i), errors[first]![0]!);
      }
      for (const [i, a] of body.actions.entries()) {
        current = i;
        if (a.action === 'create') {
          const address = await createAddress(tx, actor, addressOf(a.row), 'reconcile', now);
          await insertWithParties(
            tx,
            actor,
            {
              address_id: address.id,
              scheme_id: null,
              tenant_id: companyId,
              currency: defaultCurrency(undefined, actor.currency),
              area_size_type: AREA_SIZE_TYPE_DEFAULT,
              lease_start_date: a.row.opening_date,
            },
            {},
            now,
            'reconcile',
          );
          counts.created++;
        } else {
          const deal = dealCreateSchema.parse({
            deal_type: 'tracked_retailer',
            property_id: a.property_id,
            effective_date: a.action === 'tracked_change' ? (a.row.opening_date ?? today) : today,
            ...(a.action === 'tracked_change' ? { tenant_id: companyId } : { prev_tenant_id: companyId }),
          });
          const dealId = await recordDealIn(tx, actor, deal, now);
          if (a.action === 'tracked_change') counts.changed++;
          else {
            counts.closed++;
            vacated.push({ propertyId: a.property_id, dealId, actorId: actor.id });
          }
        }
        if ((i + 1) % PROGRESS_EVERY === 0 && i + 1 < total) emit({ type: 'progress', done: i + 1, total });
      }
    });
  } catch (err) {
    if (err instanceof RowFailure) {
      emit({ type: 'error', line: err.line, message: err.message });
      return;
    }
    if (!(err instanceof AppError)) onError(err);
    emit({ type: 'error', line: current >= 0 ? lineOf(body, current) : null, message: messageOf(err) });
    return;
  }
  emit({ type: 'progress', done: total, total });
  // Committed: the authors of enquiries a closed unit now matches are told (ADR 0053).
  emitAfterCommit(deps.db, 'property.vacated', vacated, { now, onError });
  emit({ type: 'result', ...counts, msg: STORE_LIST_MESSAGES.applied });
};
