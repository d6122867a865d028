import { PageHeading } from '../../../components/PageHeading';

/** Companies — its content arrives with a later issue. */
export default function CompaniesPage() {
  return <PageHeading title="Companies" />;
}
