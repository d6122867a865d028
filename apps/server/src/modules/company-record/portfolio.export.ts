/** GET /api/companies/{id}/portfolio/export: the portfolio's filters and order as CSV (ADR 0069, 0091). */
import { PORTFOLIO_ROLE_LABELS, type PortfolioRole, type PortfolioSort } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { EXPORT_BATCH, csvStream, exportFileName, linesOfIdBatches, type CsvExport } from '../../lib/csv';
import { ukDay } from '../properties/properties.export';
import { presentPortfolioItem, requireCompany } from './company-record.service';
import * as repo from './portfolio.repository';

export const PORTFOLIO_EXPORT_COLUMNS = [
  'Unit',
  'Address',
  'Town',
  'Post code',
  'Scheme',
  'Tenant',
  'Roles',
  'Rent pa',
  'Currency',
  'Lease end date',
] as const;

export const exportPortfolio = async (
  deps: ServiceDeps,
  id: number,
  q: { role?: PortfolioRole[] | undefined; sort: PortfolioSort },
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  await requireCompany(deps, id);
  const total = await repo.countPortfolio(deps.db, id, q.role);
  const batches = () =>
    linesOfIdBatches(
      repo.exportPortfolioIds(deps.db, id, q.role, q.sort, batchSize),
      (ids) => repo.exportPortfolioRows(deps.db, id, ids),
      (r) => r.property_id,
      (r) => {
        const item = presentPortfolioItem(r);
        return [
          item.building_num,
          item.full_address,
          item.town,
          item.post_code,
          item.scheme?.name ?? null,
          item.tenant?.name ?? null,
          item.roles.map((role) => PORTFOLIO_ROLE_LABELS[role]).join('; '),
          item.rent_pa,
          item.currency,
          ukDay(item.lease_end_date),
        ];
      },
    );
  return {
    total,
    filename: exportFileName('portfolio', deps.now()),
    stream: csvStream(PORTFOLIO_EXPORT_COLUMNS, batches, onError),
  };
};
