import { PageHeading } from '../../../components/PageHeading';

/** My Properties — its content arrives with a later issue. */
export default function MyPropertiesPage() {
  return <PageHeading title="My Properties" />;
}
