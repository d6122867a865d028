import { z } from 'zod';

/** GET /api/config — links the app shows (documentation, support, help e-mail). */
export const publicConfigSchema = z.object({
  docs_url: z.string(),
  support_url: z.string(),
  help_email: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
