import { PageHeading } from '../../../components/PageHeading';
import { SchemeForm } from '../components/SchemeForm';

/** /schemes/create */
export default function NewSchemePage() {
  return (
    <>
      <PageHeading title="New Scheme" />
      <SchemeForm />
    </>
  );
}
