import { PageHeading } from '../../../components/PageHeading';

/** New Contact — its content arrives with a later issue. */
export default function NewContactPage() {
  return <PageHeading title="New Contact" />;
}
