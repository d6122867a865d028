import { useSignedIn } from '../api';
import { LoginPage } from './LoginPage';

/** /login inside the running app (after a sign-out or an expired session). */
export default function LoginRoute() {
  return <LoginPage onSignedIn={useSignedIn()} />;
}
