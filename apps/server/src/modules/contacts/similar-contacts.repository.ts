import { SIMILAR_LIMIT, SIMILAR_NAME_THRESHOLD, type SimilarContact } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The contacts a new contact may duplicate (ADR 0082): in the same company (or, without one, among
 * contacts without a company), the same name (any case) or a name at least SIMILAR_NAME_THRESHOLD
 * similar by trigrams; same names first, then by similarity. Two people of one name in two
 * companies are two people, so other companies are not searched.
 */
export const similarContacts = async (
  db: Db,
  q: { name: string; companyId?: number | undefined; excludeId?: number | undefined },
): Promise<SimilarContact[]> => {
  const name = q.name.replace(/\s+/g, ' ').trim();
  if (!name) return [];
  return queryRows<SimilarContact>(
    db,
    sql`
      SELECT id, name, email, company_id, match FROM (
        SELECT ${users.id} AS id, ${users.name} AS name, ${users.email} AS email,
          ${users.company_id} AS company_id,
          CASE WHEN lower(${users.name}) = lower(${name}::text) THEN 'same_name' ELSE 'similar_name' END AS match,
          similarity(${users.name}, ${name}::text) AS score
        FROM ${users}
        WHERE ${users.company_id} IS NOT DISTINCT FROM ${q.companyId ?? null}::int
          AND ${users.name} % ${name}::text
          AND similarity(${users.name}, ${name}::text) >= ${SIMILAR_NAME_THRESHOLD}
          AND ${users.id} IS DISTINCT FROM ${q.excludeId ?? null}::int
      ) m
      ORDER BY CASE match WHEN 'same_name' THEN 0 ELSE 1 END, score DESC, id
      LIMIT ${SIMILAR_LIMIT}`,
  );
};
