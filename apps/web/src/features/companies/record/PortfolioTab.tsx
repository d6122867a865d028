import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  PORTFOLIO_ROLE_LABELS,
  PORTFOLIO_SORTS,
  formatDate,
  formatMoney,
  type PortfolioItem,
  type PortfolioRole,
  type PortfolioSort,
} from '@frontage/shared';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { companyHref } from '../../../entities/companies/links';
import { portfolioFilterQuery, usePortfolio } from '../../../entities/companies/portfolioApi';
import { propertyHref } from '../../../entities/tracked-retailers/links';
import { PortfolioMap } from './PortfolioMap';
import { RoleFilter } from './RoleFilter';

const SORTS = new Set<string>(PORTFOLIO_SORTS);
const DEFAULT_SORT: PortfolioSort = 'address';

const unitLabel = (u: PortfolioItem) =>
  [u.building_num, u.full_address].filter(Boolean).join(' ') || `Unit ${u.property_id}`;

/**
 * The company's portfolio: the units where it is tenant or legal tenant (its stores), landlord,
 * landlord agent or tenant agent, in one server-side table (role filter with counts, sort, paging,
 * the same filter as CSV) and a map of every unit of the filter (a point opens the unit).
 */
export function PortfolioTab({ companyId }: { companyId: number }) {
  const navigate = useNavigate();
  const [roles, setRoles] = useState<PortfolioRole[]>([]);
  const [sort, setSort] = useState<PortfolioSort>(DEFAULT_SORT);
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const portfolio = usePortfolio(
    companyId,
    { roles, sort },
    { page: paging.page + 1, per_page: paging.pageSize },
  );
  const rows = portfolio.data?.data ?? [];
  const total = portfolio.data?.meta.pagination.total ?? 0;

  const columns: GridColDef<PortfolioItem>[] = [
    {
      field: 'address',
      headerName: 'Address',
      flex: 1.6,
      minWidth: 220,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={propertyHref(row.property_id)} onClick={(e) => e.stopPropagation()}>
          {unitLabel(row)}
        </Link>
      ),
    },
    { field: 'town', headerName: 'Town', flex: 0.7, minWidth: 110 },
    { field: 'post_code', headerName: 'Post code', width: 95, sortable: false },
    {
      field: 'scheme',
      headerName: 'Scheme',
      flex: 0.8,
      minWidth: 120,
      sortable: false,
      valueGetter: (_v, row) => row.scheme?.name ?? '',
    },
    {
      field: 'tenant',
      headerName: 'Tenant',
      flex: 0.8,
      minWidth: 120,
      sortable: false,
      renderCell: ({ row }) =>
        row.tenant ? (
          <Link component={RouterLink} to={companyHref(row.tenant.id)} onClick={(e) => e.stopPropagation()}>
            {row.tenant.name}
          </Link>
        ) : (
          'Vacant'
        ),
    },
    {
      field: 'roles',
      headerName: 'Role',
      flex: 0.9,
      minWidth: 130,
      sortable: false,
      valueGetter: (_v, row) => row.roles.map((r) => PORTFOLIO_ROLE_LABELS[r]).join(', '),
    },
    {
      field: 'rent_pa',
      headerName: 'Rent pa',
      width: 110,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => formatMoney(row.rent_pa, row.currency ?? 'GBP'),
    },
    {
      field: 'lease_end_date',
      headerName: 'Lease end',
      width: 105,
      valueFormatter: (v: string | null) => formatDate(v),
    },
  ];

  return (
    <Stack spacing={2}>
      <Box component="section" aria-labelledby="portfolio-units">
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Typography id="portfolio-units" variant="h2" sx={{ flexGrow: 1 }}>
            Units
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {portfolio.data ? `${total.toLocaleString('en-GB')} unit${total === 1 ? '' : 's'}` : ''}
          </Typography>
          {!portfolio.isError && (
            <CsvExportButton
              path={`/companies/${companyId}/portfolio/export`}
              query={portfolioFilterQuery({ roles, sort })}
              fileName="portfolio.csv"
            />
          )}
        </Stack>
        {!portfolio.isError && (
          <Box sx={{ mb: 1 }}>
            <RoleFilter
              value={roles}
              counts={portfolio.data?.meta.counts}
              onChange={(next) => {
                setRoles(next);
                setPaging((p) => ({ ...p, page: 0 }));
              }}
            />
          </Box>
        )}
        {portfolio.isError ? (
          <Alert severity="error">The portfolio could not be loaded.</Alert>
        ) : (
          <DataTable<PortfolioItem>
            label="Portfolio"
            rows={rows}
            columns={columns}
            getRowId={(r) => r.property_id}
            rowCount={total}
            loading={portfolio.isFetching}
            paginationModel={paging}
            onPaginationModelChange={(m) => setPaging(m.pageSize !== paging.pageSize ? { ...m, page: 0 } : m)}
            sortModel={sortModelOf(sort)}
            onSortModelChange={(m) => {
              const s = sortParamOf(m);
              setSort(s && SORTS.has(s) ? (s as PortfolioSort) : DEFAULT_SORT);
              setPaging((p) => ({ ...p, page: 0 }));
            }}
            noRowsLabel="No units in this portfolio"
            onRowOpen={(row) => void navigate(propertyHref(row.property_id))}
          />
        )}
      </Box>
      {!portfolio.isError && <PortfolioMap companyId={companyId} roles={roles} />}
    </Stack>
  );
}
