import type { Page } from '@frontage/shared';

/**
 * The one builder of a list's envelope (API.md): the rows of page `page` (from 1) of `perPage`,
 * out of `total` matching rows. Every paged route answers through it.
 */
export const toPage = <T>(data: T[], p: { total: number; page: number; perPage: number }): Page<T> => ({
  data,
  meta: {
    pagination: {
      total: p.total,
      count: data.length,
      per_page: p.perPage,
      current_page: p.page,
      total_pages: Math.ceil(p.total / p.perPage),
    },
  },
});

/** The rows to skip before page `page` (from 1). */
export const offsetOf = (page: number, perPage: number): number => (page - 1) * perPage;
