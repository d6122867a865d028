import { PageHeading } from '../../../components/PageHeading';

/** Deals — its content arrives with a later issue. */
export default function DealsPage() {
  return <PageHeading title="Deals" />;
}
