import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SearchHit } from '@frontage/shared';
import { queryRows } from '../src/db/client';
import { SEARCH_QUALITY, SEARCH_QUALITY_TOP, type QualityTarget } from './fixtures/search-quality';
import { XHR, buildUser, sessionCookie, type TestApp } from './helpers';

/**
 * The quality list (test/fixtures/search-quality.ts) against the demo data, seeded by the caller
 * (test/seed.test.ts, which seeds it anyway): at least 95 % of the queries find their record among
 * the first three of its type. Answers the share found and the misses.
 */
export const checkSearchQuality = async (t: TestApp): Promise<{ found: number; missed: string[] }> => {
  const cookie = await sessionCookie(t.app, await buildUser({ email: 'quality@search.test' }));
  const targetId = async (target: QualityTarget): Promise<number[]> => {
    const q =
      target.type === 'company'
        ? sql`select id from companies where name = ${target.name}`
        : target.type === 'contact'
          ? sql`select id from users where name = ${target.name}`
          : target.type === 'scheme'
            ? sql`select id from schemes where name = ${target.name}`
            : 'post_code' in target
              ? sql`select p.id from properties p join addresses a on a.id = p.address_id where a.post_code = ${target.post_code}`
              : sql`select p.id from properties p join addresses a on a.id = p.address_id join companies c on c.id = p.tenant_id
                   where c.name = ${target.tenant} and a.city = ${target.city}`;
    return (await queryRows<{ id: number }>(t.db, q)).map((r) => Number(r.id));
  };

  const missed: string[] = [];
  for (const c of SEARCH_QUALITY) {
    const ids = await targetId(c.target);
    // Each target names exactly one record of the demo.
    expect(ids, c.q).toHaveLength(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(c.q)}`,
      headers: { ...XHR, cookie },
    });
    expect(res.statusCode, c.q).toBe(200);
    const ofType = (res.json() as { data: SearchHit[] }).data.filter((h) => h.entity_type === c.target.type);
    const at = ofType.findIndex((h) => h.entity_id === ids[0]);
    if (at < 0 || at >= SEARCH_QUALITY_TOP)
      missed.push(`${c.q} (${c.kind}): ${at < 0 ? 'not found' : `#${at + 1}`}`);
  }
  return { found: 1 - missed.length / SEARCH_QUALITY.length, missed };
};
