import { PageHeading } from '../../../components/PageHeading';

/** New Scheme — its content arrives with a later issue. */
export default function NewSchemePage() {
  return <PageHeading title="New Scheme" />;
}
