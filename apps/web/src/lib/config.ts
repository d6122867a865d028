import { useQuery } from '@tanstack/react-query';
import { http } from './http';
import { queryKeys } from './queryClient';

export interface AppConfig {
  docs_url: string;
  support_url: string;
  help_email: string;
}

/** GET /api/config — links for the drawer and the footer (needs a session). */
export const useAppConfig = () =>
  useQuery({
    queryKey: queryKeys.config,
    queryFn: async () => (await http.get<{ data: AppConfig }>('/config')).data,
    staleTime: Infinity,
  });
