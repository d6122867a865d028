import { useMemo, useState } from 'react';
import { enqueueSnackbar } from 'notistack';
import { Navigate, Link as RouterLink } from 'react-router';
import { Box, Button, IconButton, Link, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import VerifiedIcon from '@mui/icons-material/Verified';
import GppBadIcon from '@mui/icons-material/GppBad';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import { canEditMaster, isAdmin, type Company, formatDate } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { ListSearchField } from '../../../components/ListSearchField';
import { CategoryFilter, VerificationFilter } from '../../../entities/companies/CompanyFilters';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CreateCompanyDialog } from '../../../entities/companies/CreateCompanyDialog';
import {
  useCompanyCategories,
  COMPANY_LIST_DEFAULTS,
  companyFilterQuery,
  sanitizeCompanyListState,
  useCompanyList,
  useDeleteCompany,
  useVerifyCompany,
  type CompanyListState,
} from '../../../entities/companies/api';
import { VerificationIndicator } from '../../../entities/companies/VerificationIndicator';
import { useCurrentUser } from '../../../lib/session';
import { useListPage } from '../../../lib/useListPage';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { companyHref } from '../../../entities/companies/links';
import { CompanyLogo } from '../components/CompanyLogo';
import { MergeCompanyDialog } from '../../../entities/companies/MergeCompanyDialog';
import { ListLayout } from '../../../components/ListLayout';

const SORTABLE = new Set(['name', 'updated_at', 'verified_at']);

export default function CompaniesPage() {
  const me = useCurrentUser();
  const admin = isAdmin(me);
  const view = useListPage(
    useSavedUiState<CompanyListState>('companies', COMPANY_LIST_DEFAULTS, sanitizeCompanyListState),
  );
  const { state, ready, filter, openId } = view;
  const list = useCompanyList(state, view.page, ready);
  const { data: categories = [] } = useCompanyCategories();
  const categoryName = useMemo(() => new Map(categories.map((c) => [c.id, c.name])), [categories]);

  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const [merging, setMerging] = useState<Company | null>(null);
  const remove = useDeleteCompany();
  const verify = useVerifyCompany();

  const columns: GridColDef<Company>[] = [
    {
      field: 'logo',
      headerName: 'Logo',
      width: 56,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
          <CompanyLogo name={row.name} logo={row.logo} />
        </Box>
      ),
    },
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.4,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
          <VerificationIndicator company={row} />
          <Link component={RouterLink} to={companyHref(row.id)} noWrap>
            {row.name}
          </Link>
        </Stack>
      ),
    },
    { field: 'domain', headerName: 'Domain', flex: 1, minWidth: 120, sortable: false },
    { field: 'phone', headerName: 'Phone', width: 130, sortable: false },
    {
      field: 'categories',
      headerName: 'Categories',
      flex: 1.2,
      minWidth: 140,
      sortable: false,
      valueGetter: (_v, row) =>
        row.categories
          .map((id) => categoryName.get(id) ?? '')
          .filter(Boolean)
          .sort((a, b) => a.localeCompare(b, 'en-GB'))
          .join(', '),
    },
    {
      field: 'contacts_count',
      headerName: 'Contacts',
      type: 'number',
      width: 90,
      sortable: false,
    },
    {
      field: 'updated_at',
      headerName: 'Updated',
      width: 100,
      valueFormatter: (v: string) => formatDate(v),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: admin ? 168 : 64,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => (
        <Stack
          direction="row"
          spacing={0.25}
          sx={{ justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}
        >
          {canEditMaster(me, row.id) && (
            <Tooltip title="Edit">
              <IconButton
                component={RouterLink}
                to={`/companies/${row.id}/edit`}
                aria-label={`Edit ${row.name}`}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {admin && (
            <>
              <Tooltip title={row.is_verified ? 'Mark as not verified' : 'Mark as verified'}>
                <IconButton
                  aria-label={`${row.is_verified ? 'Unverify' : 'Verify'} ${row.name}`}
                  onClick={() => verify.mutate({ id: row.id, is_verified: !row.is_verified })}
                >
                  {row.is_verified ? <GppBadIcon fontSize="small" /> : <VerifiedIcon fontSize="small" />}
                </IconButton>
              </Tooltip>
              <Tooltip title="Merge into another company">
                <IconButton aria-label={`Merge ${row.name}`} onClick={() => setMerging(row)}>
                  <CallMergeIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton aria-label={`Delete ${row.name}`} onClick={() => setDeleting(row)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          )}
        </Stack>
      ),
    },
  ];

  const total = list.data?.meta.pagination.total ?? 0;

  // `?id=` links (comments, notifications, older views) open the company's page.
  if (openId !== null) return <Navigate to={companyHref(openId)} replace />;

  return (
    <Box>
      <PageHeading
        title="Companies"
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CsvExportButton
              path="/companies/export"
              query={companyFilterQuery(state)}
              fileName="companies.csv"
            />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create Company
            </Button>
          </Stack>
        }
      />
      <ListLayout
        filtersLabel="Filter companies"
        columns={3}
        filters={
          <>
            {ready && (
              <ListSearchField label="Search companies" initial={state.q} onSearch={(q) => filter({ q })} />
            )}
            <CategoryFilter value={state.category_id} onChange={(category_id) => filter({ category_id })} />
            <VerificationFilter
              value={state.verification}
              onChange={(verification) => filter({ verification })}
            />
          </>
        }
        summary={list.data ? `${total.toLocaleString('en-GB')} compan${total === 1 ? 'y' : 'ies'}` : ''}
      >
        <DataTable<Company>
          label="Companies"
          rows={list.data?.data ?? []}
          columns={columns}
          rowCount={total}
          loading={!ready || list.isFetching}
          {...view.paging}
          sortModel={sortModelOf(state.sort)}
          onSortModelChange={(m) => {
            const sort = sortParamOf(m);
            filter({ sort: sort && SORTABLE.has(sort.replace(/^-/, '')) ? sort : 'name' });
          }}
          rowHeight={44}
          noRowsLabel="No companies found"
        />
      </ListLayout>
      <CreateCompanyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => enqueueSnackbar(`Company "${c.name}" created.`, { variant: 'success' })}
      />
      <MergeCompanyDialog company={merging} onClose={() => setMerging(null)} />
      <ConfirmDialog
        open={!!deleting}
        title="Delete company"
        message={`Are you sure you want to delete ${deleting?.name ?? 'this company'}?`}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
