/**
 * A tiny typed in-process event bus for domain events (docs/architecture.md §2 `events/`).
 *
 * Handlers run inside the transaction of the change that raised the event (`ctx.db` is that
 * transaction), so a comment and the notifications it causes are stored together or not at all.
 * Work that must only happen after commit (telling open streams) is queued with `ctx.afterCommit`.
 */
import type { Db } from '../db/client';
import type { CommentEvent, CommentUpdatedEvent } from './comment.events';
import type { PropertyVacatedEvent } from './property.events';

export interface DomainEvents {
  'comment.created': CommentEvent;
  'comment.updated': CommentUpdatedEvent;
  /** Raised after the deal commits (after-commit.ts). */
  'property.vacated': PropertyVacatedEvent;
}
export type DomainEventName = keyof DomainEvents;

export interface EventContext {
  /** The transaction the event was raised in. */
  db: Db;
  now: Date;
  /** The users whose notifications changed; told through pub/sub once the transaction commits. */
  notifiedUserIds: Set<number>;
}

export type EventHandler<K extends DomainEventName> = (
  payload: DomainEvents[K],
  ctx: EventContext,
) => Promise<void>;

export interface EventBus {
  on: <K extends DomainEventName>(name: K, handler: EventHandler<K>) => () => void;
  /** Runs every handler of the event in registration order; a failing handler fails the change. */
  emit: <K extends DomainEventName>(name: K, payload: DomainEvents[K], ctx: EventContext) => Promise<void>;
}

export const createEventBus = (): EventBus => {
  const handlers = new Map<DomainEventName, Array<EventHandler<DomainEventName>>>();
  return {
    on: (name, handler) => {
      const list = handlers.get(name) ?? [];
      list.push(handler as EventHandler<DomainEventName>);
      handlers.set(name, list);
      return () => {
        const i = list.indexOf(handler as EventHandler<DomainEventName>);
        if (i >= 0) list.splice(i, 1);
      };
    },
    emit: async (name, payload, ctx) => {
      for (const handler of handlers.get(name) ?? []) await handler(payload, ctx);
    },
  };
};

export const newEventContext = (db: Db, now: Date): EventContext => ({ db, now, notifiedUserIds: new Set() });
