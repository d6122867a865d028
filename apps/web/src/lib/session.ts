import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '@frontage/shared';
import { fetchMe } from './me';
import { queryKeys } from './queryClient';

export { fetchMe };

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: fetchMe,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

export const useMe = () => useQuery(meQueryOptions);

/** The signed-in user; only for components rendered behind the authenticated guard. */
export const useCurrentUser = (): User => {
  const { data } = useMe();
  if (!data) throw new Error('useCurrentUser used outside an authenticated route');
  return data;
};

/** Replaces the cached user, keeping the included company when an answer omits it. */
export const setMe = (qc: QueryClient, user: User): void => {
  qc.setQueryData<User | null>(queryKeys.me, (old) => ({
    ...user,
    company: user.company !== undefined ? user.company : (old?.company ?? null),
  }));
};

/**
 * Forgets the session locally: the user becomes null (guards send the visitor to /login) and
 * every other cached query is dropped so no user data remains in memory.
 */
export const clearSession = (qc: QueryClient): void => {
  void qc.cancelQueries();
  qc.setQueryData(queryKeys.me, null);
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
};
