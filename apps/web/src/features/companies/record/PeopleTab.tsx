import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Company } from '@frontage/shared';
import { useCompanyContacts } from '../../../entities/companies/api';
import { LoadingBlock } from '../../../components/LoadingBlock';

/** The company's contacts (the contacts list filtered by it), each opening the contact's page. */
export function PeopleTab({ company }: { company: Company }) {
  const contacts = useCompanyContacts(company.id);
  const rows = contacts.data?.data ?? [];
  const total = contacts.data?.meta.pagination.total ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="company-people" sx={{ p: 2 }}>
      <Typography id="company-people" variant="h2" sx={{ mb: 1 }}>
        People{contacts.data ? ` (${total.toLocaleString('en-GB')})` : ''}
      </Typography>
      {contacts.isPending ? (
        <LoadingBlock label="Loading people" height={64} />
      ) : contacts.isError ? (
        <Alert severity="error">The contacts could not be loaded.</Alert>
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No contacts yet.
        </Typography>
      ) : (
        <Table size="small" aria-label={`Contacts of ${company.name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Direct Dial</TableCell>
              <TableCell>Mobile</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <Link component={RouterLink} to={`/users/${c.id}`}>
                    {c.name}
                  </Link>
                </TableCell>
                <TableCell>{c.email ? <Link href={`mailto:${c.email}`}>{c.email}</Link> : '—'}</TableCell>
                <TableCell>{c.direct_dial || '—'}</TableCell>
                <TableCell>{c.mobile || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {total > rows.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Showing the first {rows.length} of {total.toLocaleString('en-GB')}.
        </Typography>
      )}
    </Paper>
  );
}
