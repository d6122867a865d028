import { IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import type { GridColDef } from '@mui/x-data-grid';
import { ENQUIRY_STAGE_LABELS, REASON_LABELS, formatDate, type Enquiry } from '@frontage/shared';
import { CompanyName } from '../../../entities/companies/CompanyName';
import { enquirerOf } from '../../../entities/enquiries/format';

/** The grid columns that sort on the server (ENQUIRY_SORTS keys). */
export const SORTABLE_MANAGE_COLUMNS = new Set([
  'received_at',
  'created_at',
  'updated_at',
  'company',
  'stage',
  'reason',
]);

/**
 * Manage Enquiries' columns (spec A §2): Received On, Created On, Updated On, Company, Stage,
 * Reason, Actions (edit, delete).
 */
export const manageColumns = (actions: {
  onEdit: (e: Enquiry) => void;
  onDelete: (e: Enquiry) => void;
}): GridColDef<Enquiry>[] => [
  {
    field: 'received_at',
    headerName: 'Received On',
    width: 110,
    valueGetter: (_v, row) => formatDate(row.received_at),
  },
  {
    field: 'created_at',
    headerName: 'Created On',
    width: 110,
    valueGetter: (_v, row) => formatDate(row.created_at),
  },
  {
    field: 'updated_at',
    headerName: 'Updated On',
    width: 110,
    valueGetter: (_v, row) => formatDate(row.updated_at),
  },
  {
    field: 'company',
    headerName: 'Company',
    flex: 1,
    minWidth: 160,
    valueGetter: (_v, row) => enquirerOf(row),
    renderCell: ({ row, value }) =>
      row.company ? <CompanyName company={row.company}>{value as string}</CompanyName> : (value as string),
  },
  {
    field: 'stage',
    headerName: 'Stage',
    width: 120,
    valueGetter: (_v, row) => ENQUIRY_STAGE_LABELS[row.stage],
  },
  {
    field: 'reason',
    headerName: 'Reason',
    width: 120,
    valueGetter: (_v, row) => REASON_LABELS[row.reason],
  },
  {
    field: 'actions',
    headerName: 'Actions',
    width: 96,
    sortable: false,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => (
      <>
        <Tooltip title={row.can_edit ? 'Edit' : 'View'}>
          <IconButton
            aria-label={row.can_edit ? 'Edit enquiry' : 'View enquiry'}
            onClick={() => actions.onEdit(row)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <span>
            <IconButton
              aria-label="Delete enquiry"
              disabled={!row.can_edit}
              onClick={() => actions.onDelete(row)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </>
    ),
  },
];
