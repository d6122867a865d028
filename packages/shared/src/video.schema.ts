import { z } from 'zod';

/**
 * Help videos (spec A §1, §2 "Video dialog", §3 Video: video_id, video_name, route).
 * A video_id is either a hosted video's id (played in the youtube-nocookie embed) or an https URL
 * of a video file (played in `<video controls>`), ADR 0063.
 */

/** A hosted video's id: letters, digits, '-' and '_' (a YouTube id is 11 of them). */
export const VIDEO_HOSTED_ID = /^[A-Za-z0-9_-]{6,64}$/;
/** The longest video_id (the https URL form); PUT /settings/hide-video takes the same. */
export const VIDEO_ID_MAX = 300;
export const VIDEO_NAME_MAX = 200;
export const VIDEO_ROUTE_MAX = 200;
export const VIDEO_SORT_MAX = 9999;
/** The embed used for a hosted id (no cookies until the user plays it). */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export const VIDEO_MESSAGES = {
  intro: 'Would you like to watch a video on how to use this page?',
  yes: 'Yes Please',
  no: 'No Thank You',
  dontShow: "Don't show again",
  name: "Enter the video's name.",
  route: "The page must be a path that starts with '/', such as /properties.",
  videoId: 'Enter a video id (6 to 64 letters, digits, - or _) or an https:// link to a video file.',
  offline: "This video can't be played right now — you appear to be offline.",
  failed: "This video can't be played right now.",
  openInTab: 'Open the video in a new tab',
  created: 'The video has been added.',
  saved: 'The video has been saved.',
  deleted: 'The video has been deleted.',
} as const;

/** Whether a video_id is an https URL (a video file) rather than a hosted id. */
export const isVideoUrl = (videoId: string): boolean => {
  if (!videoId.startsWith('https://')) return false;
  try {
    return new URL(videoId).protocol === 'https:';
  } catch {
    return false;
  }
};

/** Where a video plays: the hosted id's embed, or the file's own URL. */
export const videoEmbedUrl = (videoId: string): string =>
  isVideoUrl(videoId) ? videoId : `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}`;

/** Where a user can open it outside the app (the hosted page, or the file). */
export const videoWatchUrl = (videoId: string): string =>
  isVideoUrl(videoId) ? videoId : `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/** '/properties/' and '/properties' are the same page. */
const withoutTrailingSlash = (s: string) => (s.length > 1 ? s.replace(/\/+$/, '') || '/' : s);

/** A page's path as the browser shows it (no query or fragment). */
export const videoRouteSchema = z
  .string()
  .trim()
  .max(VIDEO_ROUTE_MAX, VIDEO_MESSAGES.route)
  .regex(/^\/[A-Za-z0-9\-._~/]*$/, VIDEO_MESSAGES.route)
  .transform(withoutTrailingSlash);

export const videoIdSchema = z
  .string()
  .trim()
  .max(VIDEO_ID_MAX, VIDEO_MESSAGES.videoId)
  .refine((v) => VIDEO_HOSTED_ID.test(v) || isVideoUrl(v), VIDEO_MESSAGES.videoId);

/** POST /api/core/videos, PUT /api/core/videos/{id} */
export const videoBodySchema = z.object({
  video_id: videoIdSchema,
  video_name: z.string().trim().min(1, VIDEO_MESSAGES.name).max(VIDEO_NAME_MAX),
  route: videoRouteSchema,
  sort_order: z.number().int().min(0).max(VIDEO_SORT_MAX).default(0),
});
export type VideoBody = z.input<typeof videoBodySchema>;

/** GET /api/videos?route=/properties — any path; one with no videos (or not a page) lists none. */
export const videoQuerySchema = z.object({
  route: z.string().trim().min(1).max(2000).transform(withoutTrailingSlash),
});

export const videoSchema = z.object({
  id: z.number().int(),
  video_id: z.string(),
  video_name: z.string(),
  route: z.string(),
  sort_order: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Video = z.infer<typeof videoSchema>;
