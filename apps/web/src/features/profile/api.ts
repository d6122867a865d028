import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PasswordChangeBody,
  ReminderPreferences,
  ReminderPreferencesBody,
  User,
} from '@frontage/shared';
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

export const reminderPreferencesKey = ['settings', 'reminders'] as const;

/** GET /api/settings/reminders — the defaults until the user saves (ADR 0089). */
export const useReminderPreferences = () =>
  useQuery({
    queryKey: reminderPreferencesKey,
    queryFn: async () => (await http.get<{ data: ReminderPreferences }>('/settings/reminders')).data,
  });

/** PUT /api/settings/reminders — the whole preference; e-mail on clears an unsubscribe. */
export const useSaveReminderPreferences = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReminderPreferencesBody) =>
      (await http.put<{ data: ReminderPreferences }>('/settings/reminders', body)).data,
    onSuccess: (prefs) => qc.setQueryData(reminderPreferencesKey, prefs),
  });
};
