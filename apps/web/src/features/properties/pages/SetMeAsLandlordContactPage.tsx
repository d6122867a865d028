import { SetMeAsContact } from '../components/SetMeAsContact';

export default function SetMeAsLandlordContactPage() {
  return <SetMeAsContact side="landlord" />;
}
