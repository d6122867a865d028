import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import {
  DIALOG_WIDTHS,
  canEditMaster,
  formatDate,
  formatDateTime,
  isAdmin,
  type Contact,
} from '@frontage/shared';
import { VerificationIndicator } from '../../../entities/companies/VerificationIndicator';
import { useCurrentUser } from '../../../lib/session';
import { useContact } from '../../../entities/contacts/api';
import { USER_TYPE_LABELS } from '../../../entities/contacts/ContactAccountSection';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </>
  );
}

/** Whether and how the contact signs in, as an admin reads it (ADR 0065). */
const signInOf = (c: Pick<Contact, 'can_sign_in' | 'is_temp'>): string =>
  !c.can_sign_in ? 'Cannot sign in' : c.is_temp ? 'Can sign in (temporary password)' : 'Can sign in';

/**
 * A contact opened by `?id=` (comments and notifications link this way). Admins also see the
 * account: user type, whether the contact can sign in, and when they were last active (the API
 * sends the account to admins and to the user themselves only, ADR 0073).
 */
export function ContactDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const titleId = useId();
  const me = useCurrentUser();
  const { data: contact, isPending, isError } = useContact(id);

  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: DIALOG_WIDTHS.contact, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{contact?.name ?? 'Contact'}</DialogTitle>
      <DialogContent dividers>
        {isPending && id !== null && <LinearProgress aria-label="Loading contact" />}
        {isError && <Alert severity="error">The contact could not be loaded.</Alert>}
        {contact && (
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75 }}
          >
            <Field label="E-mail">
              {contact.email && <Link href={`mailto:${contact.email}`}>{contact.email}</Link>}
            </Field>
            <Field label="Company">
              {contact.company && (
                <Stack direction="row" spacing={0.75} component="span" sx={{ alignItems: 'center' }}>
                  <VerificationIndicator company={contact.company} />
                  <Link component={RouterLink} to={`/companies?id=${contact.company.id}`}>
                    {contact.company.name}
                  </Link>
                </Stack>
              )}
            </Field>
            <Field label="Direct Dial">{contact.direct_dial}</Field>
            <Field label="Mobile">{contact.mobile}</Field>
            <Field label="Updated">{formatDate(contact.updated_at)}</Field>
            {isAdmin(me) && contact.type !== undefined && (
              <>
                <Field label="User type">{USER_TYPE_LABELS[contact.type]}</Field>
                <Field label="Sign-in">{signInOf(contact)}</Field>
                <Field label="Last active">
                  {contact.last_activity ? formatDateTime(contact.last_activity) : 'Never'}
                </Field>
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {contact && (canEditMaster(me, contact.company_id) || me.id === contact.id) && (
          <Button component={RouterLink} to={`/users/${contact.id}/edit`}>
            Edit
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
