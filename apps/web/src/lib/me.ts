import type { User } from '@frontage/shared';
import { ApiError, http } from './http';

/**
 * The signed-in user, or null when there is no session (GET /api/auth/me). Kept apart from the
 * session query so the sign-in page's entry can ask without TanStack Query.
 */
export const fetchMe = async (): Promise<User | null> => {
  try {
    const res = await http.get<{ data: User }>('/auth/me/', { query: { include: 'company' }, quiet: [401] });
    return res.data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
};
