import { z } from 'zod';
import { idSchema } from './api.schema';

/**
 * Watching a unit, a scheme or a company (ADR 0095): the `watched` reminder scope reminds a
 * watcher of the lease events of a watched unit, of every unit of a watched scheme, and of every
 * unit where a watched company is tenant, legal tenant, landlord or agent.
 * GET|PUT|DELETE /api/watches/{entity_type}/{id}; GET /api/watches (mine).
 */
export const WATCH_TYPES = ['property', 'scheme', 'company'] as const;
export type WatchType = (typeof WATCH_TYPES)[number];

export const watchParamsSchema = z.object({ entity_type: z.enum(WATCH_TYPES), id: idSchema });
export type WatchParams = z.infer<typeof watchParamsSchema>;

/** The signed-in user's watch of one record: since when, or null when not watched. */
export const watchStateSchema = z.object({ watched: z.boolean(), since: z.string().nullable() });
export type WatchState = z.infer<typeof watchStateSchema>;

/** One row of GET /api/watches: what the user watches, newest first. */
export const watchItemSchema = z.object({
  entity_type: z.enum(WATCH_TYPES),
  entity_id: z.number().int(),
  label: z.string(),
  url: z.string(),
  since: z.string(),
});
export type WatchItem = z.infer<typeof watchItemSchema>;

/** A user watches at most this many records: a sweep's reminder audience stays bounded. */
export const WATCHES_MAX = 500;

export const WATCH_LABELS = {
  watch: 'Watch',
  watching: 'Watching',
  watchHint: {
    property: "Remind me of this unit's lease events",
    scheme: "Remind me of the lease events of this scheme's units",
    company: "Remind me of the lease events of this company's units",
  } satisfies Record<WatchType, string>,
  stopHint: 'Stop watching',
  tooMany: `You can watch at most ${WATCHES_MAX} records. Stop watching one first.`,
} as const;
