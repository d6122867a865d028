import {
  API_MESSAGES,
  STORE_LIST_MESSAGES,
  dealCreateSchema,
  todayIso,
  type StoreListApplyEvent,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { emitAfterCommit } from '../../events/after-commit';
import { AppError, ValidationError } from '../../lib/errors';
import { recordDealIn } from '../deals/deals.service';
import type { PlacesActor } from '../properties/properties.service';
import { createUnits } from './store-list.create';
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

/**
 * Applies the chosen actions in ONE transaction, telling `emit` the progress, then the result —
 * or, when any action fails, rolling everything back and ending with the failing row's line.
 * New units are written in batches (store-list.create.ts: the snapshots POST /api/properties
 * records, history source 'reconcile'); tracked changes and closures are tracked-retailer deals
 * (recordDealIn), a closure's new tenant being none (the deal's "none given = none").
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
      let done = 0;
      const progress = (n: number) => {
        const before = Math.floor(done / PROGRESS_EVERY);
        done += n;
        if (Math.floor(done / PROGRESS_EVERY) > before && done < total)
          emit({ type: 'progress', done, total });
      };
      // Tracked changes and closures: one deal each (ADR 0043's recordDealIn).
      for (const [i, a] of body.actions.entries()) {
        if (a.action === 'create') continue;
        current = i;
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
        progress(1);
      }
      // New units: a batch at a time; a batch that fails is replayed row by row (each in its own
      // savepoint) to name the row, then everything is rolled back.
      current = -1;
      const creates = body.actions.flatMap((a) => (a.action === 'create' ? [a.row] : []));
      for (let at = 0; at < creates.length; at += PROGRESS_EVERY) {
        const batch = creates.slice(at, at + PROGRESS_EVERY);
        try {
          await tx.transaction((sp) => createUnits(sp, actor, companyId, batch, now));
        } catch (err) {
          for (const row of batch) {
            try {
              await tx.transaction((sp) => createUnits(sp, actor, companyId, [row], now));
            } catch (rowErr) {
              if (!(rowErr instanceof AppError)) onError(rowErr);
              throw new RowFailure(row.line, messageOf(rowErr));
            }
          }
          throw err;
        }
        counts.created += batch.length;
        progress(batch.length);
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
