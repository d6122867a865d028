import { PageHeading } from '../../../components/PageHeading';

/** New Company — its content arrives with a later issue. */
export default function NewCompanyPage() {
  return <PageHeading title="New Company" />;
}
