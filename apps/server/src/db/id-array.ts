import { sql, type SQL } from 'drizzle-orm';

/** Ids as one PostgreSQL array literal, `{1,2,3}`: the value of one `$n::int[]` parameter. */
export const idArrayText = (ids: number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * A page's ids as ONE array parameter (`= any($1::int[])`): drizzle's inArray renders a
 * placeholder per id, and building and binding 100 of them cost ~1 ms of CPU per list request
 * (ADR 0029). One parameter also keeps the statement's text the same for every page.
 */
export const idArray = (ids: number[]): SQL => sql`${idArrayText(ids)}::int[]`;
