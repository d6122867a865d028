import { PageHeading } from '../../../components/PageHeading';

/** New Property — its content arrives with a later issue. */
export default function NewPropertyPage() {
  return <PageHeading title="New Property" />;
}
