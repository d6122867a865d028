import { PageHeading } from '../../../components/PageHeading';

/** Schemes — its content arrives with a later issue. */
export default function SchemesPage() {
  return <PageHeading title="Schemes" />;
}
