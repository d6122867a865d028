import { PageHeading } from '../../../components/PageHeading';

/** Properties — its content arrives with a later issue. */
export default function PropertiesPage() {
  return <PageHeading title="Properties" />;
}
