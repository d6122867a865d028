import { Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { formatDate, type LeaseEvent } from '@frontage/shared';
import { LeaseEventActions } from '../../../entities/lease-events/LeaseEventActions';
import { LeaseEventLabel, LeaseEventStatusChip } from '../../../entities/lease-events/LeaseEventLabel';

/**
 * The work list's columns (ADR 0088): when, what (with the Hard mark), the unit (opening its
 * view), who holds and who owns it, when the lease ends, the event's status and its actions.
 * The server sorts by date; no column re-sorts.
 */
export const leaseEventColumns: GridColDef<LeaseEvent>[] = [
  {
    field: 'date',
    headerName: 'Date',
    width: 95,
    sortable: false,
    valueGetter: (_v, row) => formatDate(row.date),
  },
  {
    field: 'type',
    headerName: 'Event',
    flex: 1.3,
    minWidth: 200,
    sortable: false,
    renderCell: ({ row }) => <LeaseEventLabel event={row} />,
  },
  {
    field: 'property',
    headerName: 'Unit',
    flex: 1.8,
    minWidth: 150,
    sortable: false,
    valueGetter: (_v, row) => row.property.label,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/properties?id=${row.property.id}`}>
        {row.property.label}
      </Link>
    ),
  },
  {
    field: 'tenant',
    headerName: 'Tenant',
    flex: 1,
    minWidth: 110,
    sortable: false,
    valueGetter: (_v, row) => row.tenant?.name ?? '',
  },
  {
    field: 'landlords',
    headerName: 'Landlord(s)',
    flex: 1,
    minWidth: 110,
    sortable: false,
    valueGetter: (_v, row) => row.landlords.map((l) => l.name).join(', '),
  },
  {
    field: 'lease_end_date',
    headerName: 'Lease End',
    width: 95,
    sortable: false,
    valueGetter: (_v, row) => formatDate(row.lease_end_date),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 100,
    sortable: false,
    renderCell: ({ row }) => <LeaseEventStatusChip event={row} />,
  },
  {
    field: 'actions',
    headerName: 'Actions',
    // Four icon buttons at most: Create Deal, New Letting, Done, Dismiss.
    width: 150,
    sortable: false,
    renderCell: ({ row }) => <LeaseEventActions event={row} compact reserveRelet />,
  },
];
