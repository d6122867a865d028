import { PageHeading } from '../../../components/PageHeading';

/** Set Me As Tenant Contact — its content arrives with a later issue. */
export default function SetMeAsTenantContactPage() {
  return <PageHeading title="Set Me As Tenant Contact" />;
}
