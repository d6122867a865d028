import { buildComment, buildProperty, mention } from '../fixtures/comment-world';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});
/** Editing or deleting: the author (sameUser) and admins; anyone else 403. */
const authorOrAdmin = { anonymous: 401, admin: 200, same_company: 200, other_company: 403 };

/** A property with a comment written by the same-company user. */
const commented = async (w: Parameters<NonNullable<MatrixRows[string]['setup']>>[0]) => {
  const property = await buildProperty();
  const comment = await buildComment({ entity_id: property.id, user_id: w.sameUser.id });
  return { property: property.id, comment: comment.id };
};

export const rows: MatrixRows = {
  'GET /api/comments': {
    setup: commented,
    url: (_w, made) =>
      `/api/comments?entity_type=property&entity_id=${made.property}&include=user,entity,links`,
    expect: signedIn(200),
  },
  'POST /api/comments': {
    setup: async () => ({ property: (await buildProperty()).id }),
    url: () => '/api/comments',
    body: (w, made) => ({
      entity_type: 'property',
      entity_id: made.property,
      content: `<p>Hello ${mention('user', w.admin.id, 'Admin')}</p>`,
      links: [],
    }),
    expect: signedIn(201),
  },
  'PUT /api/comments/{id}': {
    setup: commented,
    url: (_w, made) => `/api/comments/${made.comment}`,
    body: { content: '<p>Edited</p>', links: [] },
    expect: authorOrAdmin,
  },
  'DELETE /api/comments/{id}': {
    setup: commented,
    url: (_w, made) => `/api/comments/${made.comment}`,
    expect: authorOrAdmin,
  },
  'GET /api/comments/search-entity': {
    url: () => '/api/comments/search-entity?q=Company',
    expect: signedIn(200),
  },
  'GET /api/notifications/stream': { url: () => '/api/notifications/stream', expect: signedIn(200) },
};
