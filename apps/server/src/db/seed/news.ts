/**
 * Demo news (What's New, spec A §2): three items from the last few weeks, written by the demo
 * admin. The demo accounts have read them (their last activity is the seed's moment), so the
 * dialog opens for the first item an admin writes after the seed, not on every fresh demo (and
 * not over the browser suite's screens; ADR 0061).
 */
import { inArray } from 'drizzle-orm';
import { newsItems, users } from '../schema';
import type { SeedStep } from './steps';

const DAY = 86_400_000;

export const DEMO_NEWS = [
  {
    daysAgo: 3,
    title: 'Tracked retailers: openings and closures',
    description: 'Every tracked retailer now has a timeline of store openings and closures.',
    body: '<p>Open a retailer from <strong>Tracked Retailers</strong> to see its stores on a map and the openings and closures of the last twelve months.</p>',
  },
  {
    daysAgo: 12,
    title: 'Map layers',
    description: 'Road, satellite and hybrid basemaps on the map page.',
    body: '<p>Choose the basemap from the layer button on the map page. Your choice is remembered.</p>',
  },
  {
    daysAgo: 26,
    title: 'Gap analysis report',
    description: 'Find the towns where a retailer trades and its competitors do not.',
    body: '<p>The new report under <em>Reports</em> compares a retailer with the brands you choose, town by town, and exports to CSV.</p>',
  },
] as const;

export const seedNews: SeedStep = async (ctx) => {
  const { tx, now, adminId, agentId } = ctx;
  await tx.insert(newsItems).values(
    DEMO_NEWS.map((n) => {
      const at = new Date(now.getTime() - n.daysAgo * DAY);
      return {
        title: n.title,
        description: n.description,
        body: n.body,
        published_at: at,
        created_by: adminId,
        created_at: at,
        updated_at: at,
      };
    }),
  );
  await tx
    .update(users)
    .set({ last_activity: now })
    .where(inArray(users.id, [adminId, agentId]));
  return { news_items: DEMO_NEWS.length };
};
