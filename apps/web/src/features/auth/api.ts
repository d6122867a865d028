import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { MESSAGES, TOAST_DURATION_MS, type User } from '@frontage/shared';
import { setMe } from '../../lib/session';

/** What follows a sign-in inside the app: the temporary-password warning, then the session. */
export const useSignedIn = () => {
  const qc = useQueryClient();
  return (user: User) => {
    if (user.is_temp) {
      enqueueSnackbar(MESSAGES.changePassword, { variant: 'warning', autoHideDuration: TOAST_DURATION_MS });
    }
    // Setting the user flips the guest-only guard, which sends the visitor on.
    setMe(qc, user);
  };
};
