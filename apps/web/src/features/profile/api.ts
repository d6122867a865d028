import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiTokenCreateBody,
  ApiTokenCreated,
  ApiTokenList,
  IntegrationAccount,
  IntegrationAccountCreate,
  CalendarFeedStatus,
  CalendarFeedUrl,
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

export const calendarFeedKeys = { status: ['calendar-feed'] as const };

/** GET /api/settings/calendar-feed — whether a feed exists (its URL is never sent again). */
export const useCalendarFeedStatus = () =>
  useQuery({
    queryKey: calendarFeedKeys.status,
    queryFn: async ({ signal }) =>
      (await http.get<{ data: CalendarFeedStatus }>('/settings/calendar-feed', { signal })).data,
  });

/** POST /api/settings/calendar-feed — a new URL (the previous one, if any, stops working). */
export const useCreateCalendarFeed = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<{ data: CalendarFeedUrl }>('/settings/calendar-feed')).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: calendarFeedKeys.status }),
  });
};

/** DELETE /api/settings/calendar-feed. */
export const useRevokeCalendarFeed = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.delete<{ data: CalendarFeedStatus }>('/settings/calendar-feed')).data,
    onSuccess: (status) => qc.setQueryData(calendarFeedKeys.status, status),
  });
};

export const apiTokenKeys = { list: ['api-tokens'] as const };

/** GET /api/tokens — my tokens (an admin's list holds the integration accounts' too). */
export const useApiTokens = () =>
  useQuery({
    queryKey: apiTokenKeys.list,
    queryFn: async ({ signal }) => http.get<ApiTokenList>('/tokens', { signal }),
  });

/** POST /api/tokens — the answer holds the token, the only time it is shown (ADR 0097). */
export const useCreateApiToken = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApiTokenCreateBody) =>
      (await http.post<{ data: ApiTokenCreated }>('/tokens', body)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
};

/** DELETE /api/tokens/{id} — the token stops working at once. */
export const useRevokeApiToken = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => http.delete(`/tokens/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
};

/** POST /api/integration-accounts — an admin makes an account to own an integration's tokens (ADR 0104). */
export const useCreateIntegrationAccount = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: IntegrationAccountCreate) =>
      (await http.post<{ data: IntegrationAccount }>('/integration-accounts', body)).data,
    // The tokens list names the accounts a token can be made for.
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
};
