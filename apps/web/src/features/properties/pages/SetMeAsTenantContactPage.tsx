import { SetMeAsContact } from '../components/SetMeAsContact';

export default function SetMeAsTenantContactPage() {
  return <SetMeAsContact side="tenant" />;
}
