import { PageHeading } from '../../../components/PageHeading';

/** Edit Contact — its content arrives with a later issue. */
export default function EditContactPage() {
  return <PageHeading title="Edit Contact" />;
}
