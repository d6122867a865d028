import { PageHeading } from '../../../components/PageHeading';

/** Contacts — its content arrives with a later issue. */
export default function ContactsPage() {
  return <PageHeading title="Contacts" />;
}
