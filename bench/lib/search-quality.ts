import pg from 'pg';
import type { SearchHit } from '@frontage/shared';
import {
  SEARCH_QUALITY,
  SEARCH_QUALITY_GOAL,
  SEARCH_QUALITY_TOP,
  type QualityTarget,
} from '../../apps/server/test/fixtures/search-quality';

/** The target's ids by its natural keys (the demo's records, on top of which the dataset sits). */
const targetIds = async (client: pg.Client, t: QualityTarget): Promise<number[]> => {
  const [text, values] =
    t.type === 'company'
      ? ['select id from companies where name = $1', [t.name]]
      : t.type === 'contact'
        ? ['select id from users where name = $1', [t.name]]
        : t.type === 'scheme'
          ? ['select id from schemes where name = $1', [t.name]]
          : 'post_code' in t
            ? [
                'select p.id from properties p join addresses a on a.id = p.address_id where a.post_code = $1',
                [t.post_code],
              ]
            : [
                `select p.id from properties p join addresses a on a.id = p.address_id join companies c on c.id = p.tenant_id
                  where c.name = $1 and a.city = $2`,
                [t.tenant, t.city],
              ];
  return (await client.query<{ id: number }>(text, values)).rows.map((r) => Number(r.id));
};

/**
 * The global search's quality figure: the share of the labelled list
 * (apps/server/test/fixtures/search-quality.ts) whose target is among the first three hits of its
 * type, on this database. A target that names several records here counts as found when any is.
 */
export const printSearchQuality = async (databaseUrl: string, apiBase: string, cookie: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const missed: string[] = [];
  try {
    for (const c of SEARCH_QUALITY) {
      const ids = new Set(await targetIds(client, c.target));
      const res = await fetch(`${apiBase}/api/search?q=${encodeURIComponent(c.q)}`, {
        headers: { cookie, 'X-Requested-With': 'XMLHttpRequest' },
      });
      const hits = res.ok ? ((await res.json()) as { data: SearchHit[] }).data : [];
      const at = hits.filter((h) => h.entity_type === c.target.type).findIndex((h) => ids.has(h.entity_id));
      if (at < 0 || at >= SEARCH_QUALITY_TOP)
        missed.push(`${c.q} (${c.kind}): ${at < 0 ? 'not found' : `#${at + 1}`}`);
    }
  } finally {
    await client.end();
  }
  const found = SEARCH_QUALITY.length - missed.length;
  const share = (100 * found) / SEARCH_QUALITY.length;
  console.log(
    `\nGlobal search quality: ${found}/${SEARCH_QUALITY.length} (${share.toFixed(1)} %) targets in the first ${SEARCH_QUALITY_TOP} of their type (goal ${SEARCH_QUALITY_GOAL * 100} %)`,
  );
  for (const m of missed) console.log(`  missed: ${m}`);
};
