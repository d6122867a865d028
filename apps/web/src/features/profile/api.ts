import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeBody, User } from '@frontage/shared';
import { http } from '../../lib/http';
import { setMe } from '../../lib/session';

interface ProfileBody {
  name: string;
  direct_dial: string | null;
  mobile: string | null;
  currency: User['currency'];
}

/** PUT /api/auth/me — the success notice comes from the http client. */
export const useUpdateProfile = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileBody) => (await http.put<{ data: User }>('/auth/me', body)).data,
    onSuccess: (user) => setMe(qc, user),
  });
};

/** PUT /api/auth/password — clears is_temp, so the change-password banner disappears. */
export const useChangePassword = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasswordChangeBody) =>
      (await http.put<{ data: User }>('/auth/password', body)).data,
    onSuccess: (user) => setMe(qc, user),
  });
};
