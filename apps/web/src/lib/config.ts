import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@frontage/shared';
import { http } from './http';
import { queryKeys } from './queryClient';

/** GET /api/config's body (the shared contract): links, and the basemaps the maps may use. */
export type AppConfig = PublicConfig;

/** GET /api/config — links for the drawer and the footer, the maps' styles (needs a session). */
export const useAppConfig = () =>
  useQuery({
    queryKey: queryKeys.config,
    queryFn: async () => (await http.get<{ data: AppConfig }>('/config')).data,
    staleTime: Infinity,
  });
