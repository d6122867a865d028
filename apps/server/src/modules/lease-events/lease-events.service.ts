import {
  ID_MAX,
  LEASE_EVENTS_DEFAULT_DAYS,
  LEASE_EVENTS_MAX_RANGE_DAYS,
  LEASE_EVENT_ID_PATTERN,
  LEASE_EVENT_MESSAGES,
  type Actor,
  type LeaseEvent,
  type LeaseEventAction,
  type LeaseEventType,
  type Page,
  type leaseEventsQuerySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { ukDayOf } from '../../lib/dates';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { offsetOf, toPage } from '../../lib/page';
import { assertReasonGiven } from './lease-events.policy';
import { presentLeaseEvent } from './lease-events.presenter';
import * as repo from './lease-events.repository';

export type LeaseEventsQuery = z.output<typeof leaseEventsQuerySchema>;
type Filters = Omit<LeaseEventsQuery, 'page' | 'per_page'>;

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
};
const addDays = (day: string, n: number): string =>
  new Date((dayNumber(day) + n) * DAY_MS).toISOString().slice(0, 10);

/**
 * The list's filters, resolved: the range defaults to today (Europe/London) … today + 90 days (a
 * `from` alone: its 90 days), and must run forwards and span at most LEASE_EVENTS_MAX_RANGE_DAYS.
 */
export const filtersOf = (deps: ServiceDeps, actor: Actor, q: Filters): repo.LeaseEventFilters => {
  const from = q.from ?? ukDayOf(deps.now());
  const to = q.to ?? addDays(from, LEASE_EVENTS_DEFAULT_DAYS);
  const span = dayNumber(to) - dayNumber(from);
  if (span < 0) throw ValidationError.field('to', LEASE_EVENT_MESSAGES.rangeReversed);
  if (span > LEASE_EVENTS_MAX_RANGE_DAYS)
    throw ValidationError.field('to', LEASE_EVENT_MESSAGES.rangeTooWide);
  return {
    from,
    to,
    types: q.type,
    hard: q.hard,
    property_id: q.property_id,
    scheme_ids: q.scheme_id,
    town: q.town ? q.town.toLowerCase() : undefined,
    tenant_ids: q.tenant_id,
    landlord_ids: q.landlord_id,
    my_company: q.my_company ? { companyId: actor.company_id } : undefined,
    mine: q.mine ? { userId: actor.id } : undefined,
    status: q.status ?? 'open',
  };
};

export const list = async (
  deps: ServiceDeps,
  actor: Actor,
  q: LeaseEventsQuery,
): Promise<Page<LeaseEvent>> => {
  const f = filtersOf(deps, actor, q);
  const offset = offsetOf(q.page, q.per_page);
  const rows = await repo.listEvents(deps.db, f, q.per_page, offset);
  // The total: a first page shorter than a page is its own count; otherwise one count statement.
  const total = offset === 0 && rows.length < q.per_page ? rows.length : await repo.countEvents(deps.db, f);
  return toPage(rows.map(presentLeaseEvent), { total, page: q.page, perPage: q.per_page });
};

/** The event an API id names; 404 when it is not an id any lease could give. */
export const keyOf = (id: string): repo.LeaseEventKey => {
  const m = LEASE_EVENT_ID_PATTERN.exec(id);
  const propertyId = m ? Number(m[1]) : NaN;
  if (!m || !(propertyId <= ID_MAX) || Number(m[3]) > 32767)
    throw new NotFoundError(LEASE_EVENT_MESSAGES.notFound);
  return { property_id: propertyId, type: m[2] as LeaseEventType, seq: Number(m[3]) };
};

const answer = async (deps: ServiceDeps, k: repo.LeaseEventKey): Promise<LeaseEvent> => {
  const row = await repo.findEvent(deps.db, k);
  if (!row) throw new NotFoundError(LEASE_EVENT_MESSAGES.notFound);
  return presentLeaseEvent(row);
};

/**
 * Marks the event done or dismissed on its present date, in one transaction holding the event's
 * row lock (two clicks are taken one after the other; a lease edit waits for it, or it for the
 * edit). 404 when the lease no longer gives the event; a hard one needs a reason.
 */
export const act = async (
  deps: ServiceDeps,
  actor: Actor,
  id: string,
  status: 'done' | 'dismissed',
  body: LeaseEventAction,
): Promise<LeaseEvent> => {
  const k = keyOf(id);
  await deps.db.transaction(async (tx) => {
    const event = await repo.lockEvent(tx, k);
    if (!event) throw new NotFoundError(LEASE_EVENT_MESSAGES.notFound);
    assertReasonGiven(event.hard, body.reason);
    await repo.saveAction(tx, k, { date: event.date, status, reason: body.reason ?? null, userId: actor.id });
  });
  return answer(deps, k);
};

/** Reopens the event (its action goes); 404 when the lease no longer gives it. */
export const reopen = async (deps: ServiceDeps, id: string): Promise<LeaseEvent> => {
  const k = keyOf(id);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockEvent(tx, k))) throw new NotFoundError(LEASE_EVENT_MESSAGES.notFound);
    await repo.deleteAction(tx, k);
  });
  return answer(deps, k);
};
