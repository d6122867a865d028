import { PageHeading } from '../../../components/PageHeading';

/** Pipelines — its content arrives with a later issue. */
export default function PipelinesPage() {
  return <PageHeading title="Pipelines" />;
}
