import { sql, type SQL } from 'drizzle-orm';

/**
 * A page's ids as ONE array parameter (`= any($1::int[])`): drizzle's inArray renders a
 * placeholder per id, and building and binding 100 of them cost ~1 ms of CPU per list request
 * (ADR 0029). One text parameter also keeps the statement's text the same for every page.
 */
export const idArray = (ids: number[]): SQL => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
