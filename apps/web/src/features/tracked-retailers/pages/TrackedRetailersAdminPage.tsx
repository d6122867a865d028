import { PageHeading } from '../../../components/PageHeading';

/** Tracked Retailers (Admin) — its content arrives with a later issue. */
export default function TrackedRetailersAdminPage() {
  return <PageHeading title="Tracked Retailers (Admin)" />;
}
