import { Link as RouterLink } from 'react-router';
import { Alert, Link, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useCompanyContacts } from '../../../entities/companies/api';

/** The retailer's contacts (the contacts list filtered by its company). */
export function RetailerContacts({ companyId }: { companyId: number }) {
  const contacts = useCompanyContacts(companyId);
  const rows = contacts.data?.data ?? [];
  const total = contacts.data?.meta.pagination.total ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="retailer-contacts" sx={{ p: 2 }}>
      <Typography id="retailer-contacts" variant="h2" sx={{ mb: 1 }}>
        Contacts
      </Typography>
      {contacts.isError && <Alert severity="error">The contacts could not be loaded.</Alert>}
      {contacts.data && rows.length === 0 && <Typography color="text.secondary">No contacts.</Typography>}
      <List dense aria-label="Contacts">
        {rows.map((c) => (
          <ListItem key={c.id} divider>
            <ListItemText
              primary={
                <Link component={RouterLink} to={`/users?id=${c.id}`}>
                  {c.name}
                </Link>
              }
              secondary={[c.email, c.direct_dial, c.mobile].filter(Boolean).join(' · ') || null}
            />
          </ListItem>
        ))}
      </List>
      {total > rows.length && (
        <Typography variant="body2" color="text.secondary">
          Showing {rows.length} of {total.toLocaleString('en-GB')}:{' '}
          <Link component={RouterLink} to={`/users`}>
            see all contacts
          </Link>
        </Typography>
      )}
    </Paper>
  );
}
