import { PageHeading } from '../../../components/PageHeading';

/** Tracked Retailers — its content arrives with a later issue. */
export default function TrackedRetailersPage() {
  return <PageHeading title="Tracked Retailers" />;
}
