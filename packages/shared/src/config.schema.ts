import { z } from 'zod';

/** GET /api/config — links the app shows (documentation, support, help e-mail). */
export const publicConfigSchema = z.object({
  docs_url: z.string(),
  support_url: z.string(),
  help_email: z.string(),
  /** A MapLibre style URL for a real tile service; null = the offline Natural Earth basemap. */
  map_style_url: z.string().nullable(),
  /**
   * The hosted basemaps the installation offers on /map (MAP_STYLES), each a MapLibre style URL;
   * null = not configured. The offline Natural Earth basemap is always available.
   */
  map_styles: z.object({
    road: z.string().nullable(),
    satellite: z.string().nullable(),
    hybrid: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
