import {
  GAP_MESSAGES,
  todayIso,
  type GapAnalysisResult,
  type GapLevel,
  type GapSort,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { offsetOf, toPage } from '../../lib/page';
import * as repo from './gap-analysis.repository';

const GAP_UNKNOWN_CATEGORY = 'Choose a category from the list.';

/**
 * Gap Analysis (Beta, ADR 0058): any signed-in user asks, for one retailer, where its
 * peers trade and it does not. The retailer and its categories are one small read; the ranked page
 * is one statement (gap-analysis.repository.ts).
 */

/** The query as the route has parsed it (defaults applied). */
export interface GapQuery {
  company_id: number;
  category_id?: number;
  level: GapLevel;
  sort: GapSort;
  months: number;
  min_peers: number;
  page: number;
  per_page: number;
}

export interface ResolvedGap {
  retailer: repo.RetailerRow;
  categories: Array<{ id: number; name: string }>;
  filter: repo.GapFilter;
}

/** The statement's question from the query, the categories its peers come from and today. */
export const gapFilterOf = (
  retailerId: number,
  categoryIds: number[],
  q: Pick<GapQuery, 'level' | 'sort' | 'months' | 'min_peers'>,
  today: string,
): repo.GapFilter => ({
  retailerId,
  categoryIds,
  level: q.level,
  sort: q.sort,
  months: q.months,
  minPeers: q.min_peers,
  today,
});

/**
 * The retailer (404 when unknown) and the categories its peers come from: the chosen one (a 422
 * on category_id when unknown), else its own (a 422 on company_id when it has none).
 */
export const resolveGap = async (
  deps: ServiceDeps,
  q: Omit<GapQuery, 'page' | 'per_page'>,
): Promise<ResolvedGap> => {
  const retailer = await repo.retailer(deps.db, q.company_id);
  if (!retailer) throw new NotFoundError();
  let categories = retailer.categories;
  if (q.category_id !== undefined) {
    const chosen = await repo.category(deps.db, q.category_id);
    if (!chosen) throw ValidationError.field('category_id', GAP_UNKNOWN_CATEGORY);
    categories = [chosen];
  }
  if (!categories.length) throw ValidationError.field('company_id', GAP_MESSAGES.noCategories);
  const ids = categories.map((c) => c.id);
  return { retailer, categories, filter: gapFilterOf(retailer.id, ids, q, todayIso(deps.now())) };
};

/** GET /api/reports/gap-analysis: the ranked places of one page, each with its available units. */
export const gapAnalysis = async (deps: ServiceDeps, q: GapQuery): Promise<GapAnalysisResult> => {
  const { retailer, categories, filter } = await resolveGap(deps, q);
  const page = await repo.gapPage(deps.db, filter, q.per_page, offsetOf(q.page, q.per_page));
  return {
    retailer: { id: retailer.id, name: retailer.name, stores: retailer.stores },
    categories,
    peer_count: page.peer_count,
    ...toPage(page.data, { total: page.total, page: q.page, perPage: q.per_page }),
  };
};
