import { Link as RouterLink } from 'react-router';
import { Link, Stack } from '@mui/material';
import { formatDate, formatDateTime, isAdmin, type Contact } from '@frontage/shared';
import { Detail, DetailCard } from '../../../components/DetailList';
import { VerificationIndicator } from '../../../entities/companies/VerificationIndicator';
import { USER_TYPE_LABELS } from '../../../entities/contacts/ContactAccountSection';
import { useCurrentUser } from '../../../lib/session';

/** Whether and how the contact signs in, as an admin reads it (ADR 0065). */
const signInOf = (c: Pick<Contact, 'can_sign_in' | 'is_temp'>): string =>
  !c.can_sign_in ? 'Cannot sign in' : c.is_temp ? 'Can sign in (temporary password)' : 'Can sign in';

/** The contact's details: e-mail, company (opening its page), phones and when last changed. */
export function ContactDetails({ contact }: { contact: Contact }) {
  return (
    <DetailCard title="Details">
      <Detail label="E-mail">
        {contact.email && <Link href={`mailto:${contact.email}`}>{contact.email}</Link>}
      </Detail>
      <Detail label="Company">
        {contact.company && (
          <Stack direction="row" spacing={0.75} component="span" sx={{ alignItems: 'center' }}>
            <VerificationIndicator company={contact.company} />
            <Link component={RouterLink} to={`/companies/${contact.company.id}`}>
              {contact.company.name}
            </Link>
          </Stack>
        )}
      </Detail>
      <Detail label="Direct Dial">
        {contact.direct_dial && <Link href={`tel:${contact.direct_dial}`}>{contact.direct_dial}</Link>}
      </Detail>
      <Detail label="Mobile">
        {contact.mobile && <Link href={`tel:${contact.mobile}`}>{contact.mobile}</Link>}
      </Detail>
      <Detail label="Updated">{formatDate(contact.updated_at)}</Detail>
    </DetailCard>
  );
}

/**
 * The account as an admin reads it: user type, whether the contact can sign in, and when they were
 * last active (the API sends the account to admins and to the user themselves only, ADR 0073).
 * It is changed on the edit page's Account section.
 */
export function ContactAccount({ contact }: { contact: Contact }) {
  const me = useCurrentUser();
  if (!isAdmin(me) || contact.type === undefined) return null;
  return (
    <DetailCard title="Account">
      <Detail label="User type">{USER_TYPE_LABELS[contact.type]}</Detail>
      <Detail label="Sign-in">{signInOf(contact)}</Detail>
      <Detail label="Last active">
        {contact.last_activity ? formatDateTime(contact.last_activity) : 'Never'}
      </Detail>
    </DetailCard>
  );
}
