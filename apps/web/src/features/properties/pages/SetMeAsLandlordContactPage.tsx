import { PageHeading } from '../../../components/PageHeading';

/** Set Me As Landlord Contact — its content arrives with a later issue. */
export default function SetMeAsLandlordContactPage() {
  return <PageHeading title="Set Me As Landlord Contact" />;
}
