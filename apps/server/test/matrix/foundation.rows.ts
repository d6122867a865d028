import { buildNotification } from '../helpers';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

export const rows: MatrixRows = {
  'GET /api/health': {
    url: () => '/api/health',
    expect: { anonymous: 200, admin: 200, same_company: 200, other_company: 200 },
  },
  'POST /api/auth/login': {
    url: () => '/api/auth/login',
    body: (w) => ({ email: w.sameUser.email, password: w.password }),
    expect: { anonymous: 200, admin: 200, same_company: 200, other_company: 200 },
  },
  'GET /api/auth/me': { url: () => '/api/auth/me', expect: signedIn(200) },
  'PUT /api/auth/me': {
    url: () => '/api/auth/me',
    body: { name: 'Matrix User', currency: 'GBP' },
    expect: signedIn(200),
  },
  'POST /api/auth/refresh': { url: () => '/api/auth/refresh', expect: signedIn(200) },
  'POST /api/auth/logout': { url: () => '/api/auth/logout', expect: signedIn(200) },
  'PUT /api/auth/password': {
    url: () => '/api/auth/password',
    body: (w) => ({ current_password: w.password, password: w.password, password_confirmation: w.password }),
    expect: signedIn(200),
  },
  'PUT /api/settings/theme': {
    url: () => '/api/settings/theme',
    body: { theme: 'dark' },
    expect: signedIn(200),
  },
  'PUT /api/settings/hide-video': {
    url: () => '/api/settings/hide-video',
    body: { video_id: 'intro' },
    expect: signedIn(200),
  },
  'GET /api/config': { url: () => '/api/config', expect: signedIn(200) },
  'GET /api/notifications': { url: () => '/api/notifications', expect: signedIn(200) },
  'GET /api/notifications/unread-count': {
    url: () => '/api/notifications/unread-count',
    expect: signedIn(200),
  },
  'PUT /api/notifications/{id}/read': {
    // Each actor marks a notification of their own.
    setup: async (w) => {
      const ids = await Promise.all(
        [w.admin, w.sameUser, w.otherUser].map((u) => buildNotification({ user_id: u.id })),
      );
      return {
        admin: ids[0]!.id,
        same_company: ids[1]!.id,
        other_company: ids[2]!.id,
        anonymous: ids[1]!.id,
      };
    },
    url: (_w, made) => `/api/notifications/${made.actor}/read`,
    expect: signedIn(200),
  },
  'PUT /api/notifications/read-all': { url: () => '/api/notifications/read-all', expect: signedIn(200) },
};
