import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { MESSAGES, TOAST_DURATION_MS, type LoginBody, type User } from '@frontage/shared';
import { http } from '../../lib/http';
import { setMe } from '../../lib/session';

/** POST /api/auth/login. 401 and 429 are shown inline by the login form, so they are quiet here. */
export const useLogin = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) =>
      (await http.post<{ data: User }>('/auth/login', body, { quiet: [401, 429] })).data,
    onSuccess: (user) => {
      if (user.is_temp) {
        enqueueSnackbar(MESSAGES.changePassword, { variant: 'warning', autoHideDuration: TOAST_DURATION_MS });
      }
      // Setting the user flips the guest-only guard, which sends the visitor on.
      setMe(qc, user);
    },
  });
};
