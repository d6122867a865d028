import { useState } from 'react';
import { enqueueSnackbar } from 'notistack';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { Box, Button, IconButton, Link, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { canEditMaster, isAdmin } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { ListSearchField } from '../../../components/ListSearchField';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CompanyPicker } from '../../../entities/companies/CompanyPicker';
import { VerificationIndicator } from '../../../entities/companies/VerificationIndicator';
import { CreateContactDialog } from '../../../entities/contacts/CreateContactDialog';
import type { Contact } from '../../../entities/contacts/api';
import { useCurrentUser } from '../../../lib/session';
import { useListPage } from '../../../lib/useListPage';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import {
  CONTACT_LIST_DEFAULTS,
  contactFilterQuery,
  sanitizeContactListState,
  useContactList,
  useDeleteContact,
  type ContactListState,
} from '../../../entities/contacts/api';
import { ListLayout } from '../../../components/ListLayout';

const SORTABLE = new Set(['name', 'email', 'updated_at']);

/**
 * /users: the contacts list. `?id=` (comments, mentions, notifications and older links name a
 * contact so, spec A §2) opens the contact's page, /users/{id}.
 */
export default function ContactsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id && /^\d+$/.test(id)) return <Navigate to={`/users/${id}`} replace />;
  return <ContactsList />;
}

function ContactsList() {
  const me = useCurrentUser();
  const admin = isAdmin(me);
  const view = useListPage(
    useSavedUiState<ContactListState>('contacts', CONTACT_LIST_DEFAULTS, sanitizeContactListState),
  );
  const { state, ready, filter } = view;
  const list = useContactList(state, view.page, ready);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const remove = useDeleteContact();

  const columns: GridColDef<Contact>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.1,
      minWidth: 170,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/users/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    { field: 'email', headerName: 'E-mail', flex: 1.2, minWidth: 200 },
    {
      field: 'company',
      headerName: 'Company',
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) =>
        row.company ? (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <VerificationIndicator company={row.company} />
            <Link component={RouterLink} to={`/companies/${row.company.id}`} noWrap>
              {row.company.name}
            </Link>
          </Stack>
        ) : null,
    },
    { field: 'direct_dial', headerName: 'Direct Dial', width: 140, sortable: false },
    { field: 'mobile', headerName: 'Mobile', width: 140, sortable: false },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 88,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => (
        <Stack
          direction="row"
          spacing={0.25}
          sx={{ justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}
        >
          {(canEditMaster(me, row.company_id) || me.id === row.id) && (
            <Tooltip title="Edit">
              <IconButton component={RouterLink} to={`/users/${row.id}/edit`} aria-label={`Edit ${row.name}`}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {admin && (
            <Tooltip title="Delete">
              <IconButton aria-label={`Delete ${row.name}`} onClick={() => setDeleting(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];

  const total = list.data?.meta.pagination.total ?? 0;

  return (
    <Box>
      <PageHeading
        title="Contacts"
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CsvExportButton path="/users/export" query={contactFilterQuery(state)} fileName="contacts.csv" />
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setCreating(true)}>
              Create Contact
            </Button>
          </Stack>
        }
      />
      <ListLayout
        filtersLabel="Filter contacts"
        columns={3}
        filters={
          <>
            {ready && (
              <ListSearchField label="Search contacts" initial={state.q} onSearch={(q) => filter({ q })} />
            )}
            <CompanyPicker
              label="Company"
              allowCreate={false}
              value={state.company}
              onChange={(c) => filter({ company: c ? { id: c.id, name: c.name } : null })}
            />
          </>
        }
        summary={list.data ? `${total.toLocaleString('en-GB')} contact${total === 1 ? '' : 's'}` : ''}
      >
        <DataTable<Contact>
          label="Contacts"
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
          noRowsLabel="No contacts found"
        />
      </ListLayout>
      <CreateContactDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => enqueueSnackbar(`Contact "${c.name}" created.`, { variant: 'success' })}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete contact"
        message={`Are you sure you want to delete ${deleting?.name ?? 'this contact'}?`}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
