import { PageHeading } from '../../../components/PageHeading';

/** Gap Analysis (Beta) — its content arrives with a later issue. */
export default function GapAnalysisPage() {
  return <PageHeading title="Gap Analysis (Beta)" />;
}
