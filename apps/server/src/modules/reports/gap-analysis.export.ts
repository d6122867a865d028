import { GAP_EXPORT_COLUMNS } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { csvStream, exportFileName, type CsvExport } from '../../lib/csv';
import * as repo from './gap-analysis.repository';
import { resolveGap, type GapQuery } from './gap-analysis.service';

/**
 * Places per statement: each page ranks every candidate again, so pages stay large (a ranking has
 * hundreds or a few thousand places); the event loop gets a turn between them (csvStream).
 */
const PAGE = 1000;

/**
 * GET /api/reports/gap-analysis/export: every place of the ranking (the page's query, without the
 * available units), in its order, as CSV; peer names are the first few, separated by "; ".
 */
export const exportGapAnalysis = async (
  deps: ServiceDeps,
  q: Omit<GapQuery, 'page' | 'per_page'>,
  onError: (err: Error) => void,
): Promise<CsvExport> => {
  const { filter } = await resolveGap(deps, q);
  const first = await repo.gapPage(deps.db, filter, PAGE, 0, false);
  async function* batches() {
    let page = first;
    for (let offset = 0; ;) {
      yield page.data.map((p) => [
        p.level,
        p.name,
        p.town,
        p.peers,
        p.peer_names.join('; '),
        p.units,
        p.vacant,
        p.available,
      ]);
      offset += PAGE;
      if (page.data.length < PAGE || offset >= first.total) return;
      page = await repo.gapPage(deps.db, filter, PAGE, offset, false);
    }
  }
  return {
    total: first.total,
    filename: exportFileName('gap-analysis', deps.now()),
    stream: csvStream(GAP_EXPORT_COLUMNS, batches, onError),
  };
};
