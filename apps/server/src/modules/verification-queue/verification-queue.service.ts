import {
  VERIFICATION_QUEUE_MESSAGES,
  type Page,
  type VerificationQueueGroup,
  type verificationQueueQuerySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { NotFoundError } from '../../lib/errors';
import { offsetOf, toPage } from '../../lib/page';
import { displayers } from '../history/history.display';
import { parseRow, presentHistory } from '../history/history.presenter';
import type { HistoryScope } from '../history/history.repository';
import * as repo from './verification-queue.repository';
import type { QueueGroupRow } from './verification-queue.repository';

type Query = z.output<typeof verificationQueueQuerySchema>;

/** A group shows at most this many of its changes (total_changes counts them all). */
export const CHANGES_PER_GROUP = 50;

type Head = Pick<VerificationQueueGroup, 'label' | 'link'> & { scope: HistoryScope };

/** Each record's label, link and history scope (one query per kind of record). */
const headsOf = async (deps: ServiceDeps, groups: QueueGroupRow[]): Promise<Map<string, Head>> => {
  const ids = (t: QueueGroupRow['entity_type']) =>
    groups.filter((g) => g.entity_type === t).map((g) => g.entity_id);
  const [props, schemeRows, addrs] = await Promise.all([
    repo.propertiesOf(deps.db, ids('property')),
    repo.schemesOf(deps.db, ids('scheme')),
    repo.addressesOf(deps.db, ids('address')),
  ]);
  const out = new Map<string, Head>();
  for (const p of props)
    out.set(`property:${p.id}`, {
      label: p.label ?? '',
      link: { kind: 'property', id: p.id },
      scope: { entity_type: 'property', entity_id: p.id, address_id: p.address_id },
    });
  for (const s of schemeRows)
    out.set(`scheme:${s.id}`, {
      label: s.label,
      link: { kind: 'scheme', id: s.id },
      scope: { entity_type: 'scheme', entity_id: s.id, address_id: null },
    });
  for (const a of addrs) {
    const link =
      a.property_id !== null
        ? ({ kind: 'property', id: a.property_id } as const)
        : a.scheme_id !== null
          ? ({ kind: 'scheme', id: a.scheme_id } as const)
          : null;
    out.set(`address:${a.id}`, {
      label: a.label ?? '',
      link,
      scope: { entity_type: link?.kind ?? 'scheme', entity_id: link?.id ?? 0, address_id: a.id },
    });
  }
  return out;
};

/**
 * GET /api/core/verification-queue: pages of records with waiting changes, the record whose
 * change has waited longest first; each with its first changes shown as the History panel shows
 * them (the history presenter and displayer).
 */
export const list = async (deps: ServiceDeps, q: Query): Promise<Page<VerificationQueueGroup>> => {
  const filters = { user_id: q.user_id, from: q.from, to: q.to, entity_type: q.entity_type };
  const { groups, total } = await repo.listGroups(deps.db, filters, q.per_page, offsetOf(q.page, q.per_page));
  const [heads, ids] = await Promise.all([
    headsOf(deps, groups),
    repo.changeIdsOf(deps.db, filters, groups, CHANGES_PER_GROUP),
  ]);
  const rows = (await repo.changesByIds(deps.db, ids)).map(parseRow);
  const records = groups.map((g) => {
    const head = heads.get(`${g.entity_type}:${g.entity_id}`);
    return {
      g,
      head,
      scope: head?.scope ?? ({ entity_type: 'scheme', entity_id: 0, address_id: null } as const),
      rows: rows.filter((r) => r.h.entity_type === g.entity_type && r.h.entity_id === g.entity_id),
    };
  });
  // Names and unit contexts for the whole page at once (ADR 0044), never per record.
  const shown = await displayers(deps.db, records);
  const data = records.map(({ g, head, rows: mine }, i): VerificationQueueGroup => ({
    entity_type: g.entity_type,
    entity_id: g.entity_id,
    // A deleted record keeps its waiting changes: named by its kind and id.
    label: head?.label || `${g.entity_type} ${g.entity_id}`,
    link: head?.link ?? null,
    changes: mine.map((r) => presentHistory(r, shown[i]!(r))),
    total_changes: g.total,
    oldest_at: g.oldest_at.toISOString(),
  }));
  return toPage(data, { total, page: q.page, perPage: q.per_page });
};

/** POST /api/core/verification-queue/verify: all the changes or none (404 when one is not waiting). */
export const verify = (deps: ServiceDeps, actorId: number, ids: number[]): Promise<number> =>
  deps.db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const n = await repo.markVerified(tx, unique, actorId, deps.now());
    if (n !== unique.length) throw new NotFoundError(VERIFICATION_QUEUE_MESSAGES.notFound);
    return n;
  });
