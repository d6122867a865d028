import type { LoginBody, User } from '@frontage/shared';
import { http } from '../../lib/http';

/**
 * POST /api/auth/login. 401 and 429 are shown inline by the login form, so they are quiet here.
 * Apart from api.ts so the sign-in page's entry does not bring TanStack Query and notistack.
 */
export const signIn = async (body: LoginBody): Promise<User> =>
  (await http.post<{ data: User }>('/auth/login', body, { quiet: [401, 429] })).data;
