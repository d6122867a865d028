import { PageHeading } from '../../../components/PageHeading';

/** Enquiries — its content arrives with a later issue. */
export default function EnquiriesPage() {
  return <PageHeading title="Enquiries" />;
}
