import { Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { ENQUIRY_STAGE_LABELS, REASON_LABELS, formatDate, type Enquiry } from '@frontage/shared';
import { CompanyName } from '../../../entities/companies/CompanyName';
import { enquirySubjectOf } from '../../../entities/enquiries/enquiryForm';
import { enquiryLink, rentRangeOf, sizeRangeOf } from '../../../entities/enquiries/format';

/** The grid columns that sort on the server, by the ENQUIRY_SORTS key they stand for. */
export const SORTABLE_ENQUIRY_COLUMNS = new Set(['received_at', 'company', 'stage', 'reason', 'updated_at']);

const subjectPath = (kind: 'property' | 'scheme', id: number) =>
  kind === 'property' ? `/properties?id=${id}` : `/schemes?id=${id}`;

/**
 * /enquiries: received (opening the enquiry), the property or scheme, town, company,
 * contact, stage, reason, size and rent ranges, who recorded it and when it last changed.
 */
export const enquiryColumns: GridColDef<Enquiry>[] = [
  {
    field: 'received_at',
    headerName: 'Received',
    width: 100,
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={enquiryLink(row.id)}
        aria-label={`Enquiry received ${formatDate(row.received_at)}`}
      >
        {formatDate(row.received_at)}
      </Link>
    ),
  },
  {
    field: 'subject',
    headerName: 'Property / Scheme',
    flex: 2,
    minWidth: 160,
    sortable: false,
    renderCell: ({ row }) => {
      const s = enquirySubjectOf(row);
      return s ? (
        <Link component={RouterLink} to={subjectPath(s.kind, s.id)}>
          {s.label}
        </Link>
      ) : (
        ''
      );
    },
  },
  {
    field: 'town',
    headerName: 'Town',
    width: 100,
    sortable: false,
    valueGetter: (_v, row) => row.town ?? '',
  },
  {
    field: 'company',
    headerName: 'Company',
    flex: 1,
    minWidth: 110,
    valueGetter: (_v, row) => row.company?.name ?? '',
    renderCell: ({ row }) => (row.company ? <CompanyName company={row.company} /> : null),
  },
  {
    field: 'contact',
    headerName: 'Contact',
    flex: 1,
    minWidth: 100,
    sortable: false,
    valueGetter: (_v, row) => row.user?.name ?? '',
  },
  {
    field: 'stage',
    headerName: 'Stage',
    width: 95,
    valueGetter: (_v, row) => ENQUIRY_STAGE_LABELS[row.stage],
  },
  { field: 'reason', headerName: 'Reason', width: 90, valueGetter: (_v, row) => REASON_LABELS[row.reason] },
  {
    field: 'size',
    headerName: 'Size',
    width: 135,
    sortable: false,
    valueGetter: (_v, row) => sizeRangeOf(row),
  },
  {
    field: 'rent',
    headerName: 'Rent',
    width: 140,
    sortable: false,
    valueGetter: (_v, row) => rentRangeOf(row),
  },
  {
    field: 'created_by',
    headerName: 'Recorded By',
    flex: 0.8,
    minWidth: 100,
    sortable: false,
    valueGetter: (_v, row) => row.created_by?.name ?? '',
  },
  {
    field: 'updated_at',
    headerName: 'Updated',
    width: 95,
    valueGetter: (_v, row) => formatDate(row.updated_at),
  },
];
