import { PageHeading } from '../../../components/PageHeading';

/** Edit Company — its content arrives with a later issue. */
export default function EditCompanyPage() {
  return <PageHeading title="Edit Company" />;
}
