import { SIMILAR_LIMIT, SIMILAR_NAME_THRESHOLD, type SimilarCompany } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { companies, domainKey } from '../../db/schema';

/**
 * The companies a new (or renamed) company may duplicate (ADR 0082): the same name (any case and
 * spacing), the same normalised domain, or a name at least SIMILAR_NAME_THRESHOLD similar by
 * trigrams — in that order, then by similarity. `name % $name` lets the trigram index
 * (companies_name_trgm_idx) find the candidates at pg_trgm's default 0.3; the stricter threshold
 * is checked on those few, so no session setting is changed on a pooled connection.
 */
export const similarCompanies = async (
  db: Db,
  q: { name?: string | undefined; domain?: string | null | undefined; excludeId?: number | undefined },
): Promise<SimilarCompany[]> => {
  const name = q.name?.replace(/\s+/g, ' ').trim() || null;
  const domain = q.domain || null;
  if (!name && !domain) return [];
  const key = domainKey(companies.domain);
  return queryRows<SimilarCompany>(
    db,
    sql`
      SELECT id, name, domain, is_verified, match FROM (
        SELECT ${companies.id} AS id, ${companies.name} AS name, ${companies.domain} AS domain,
          ${companies.is_verified} AS is_verified,
          CASE
            WHEN lower(${companies.name}) = lower(${name}::text) THEN 'same_name'
            WHEN ${key} = ${domain}::text THEN 'same_domain'
            ELSE 'similar_name'
          END AS match,
          similarity(${companies.name}, coalesce(${name}::text, '')) AS score
        FROM ${companies}
        WHERE (
            -- An equal name is similarity 1, so the trigram arm finds it too (any case).
            (${companies.name} % ${name}::text AND similarity(${companies.name}, ${name}::text) >= ${SIMILAR_NAME_THRESHOLD})
            OR ${key} = ${domain}::text
          )
          AND ${companies.id} IS DISTINCT FROM ${q.excludeId ?? null}::int
      ) m
      ORDER BY CASE match WHEN 'same_name' THEN 0 WHEN 'same_domain' THEN 1 ELSE 2 END, score DESC, id
      LIMIT ${SIMILAR_LIMIT}`,
  );
};
