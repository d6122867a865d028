/**
 * Demo help videos: two on /properties, one on /map. The product's own videos
 * are not known, so the ids are placeholders in the hosted-id form (ADR 0063); an admin replaces
 * them under /core?tab=videos.
 */
import { videos } from '../schema';
import type { SeedStep } from './steps';

export const DEMO_VIDEOS = [
  { route: '/properties', video_id: 'fQ7kP2xLm4A', video_name: 'Finding properties', sort_order: 0 },
  { route: '/properties', video_id: 'Zr3Tb8NwQ1c', video_name: 'Filters and saved lists', sort_order: 1 },
  { route: '/map', video_id: 'h5JpV0sKe9Y', video_name: 'Searching the map', sort_order: 0 },
] as const;

export const seedVideos: SeedStep = async (ctx) => {
  await ctx.tx
    .insert(videos)
    .values(DEMO_VIDEOS.map((v) => ({ ...v, created_at: ctx.now, updated_at: ctx.now })));
  return { videos: DEMO_VIDEOS.length };
};
