import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';

export type SettingsRow = typeof userSettings.$inferSelect;

export const upsertTheme = async (
  db: Db,
  userId: number,
  theme: 'light' | 'dark',
  now: Date,
): Promise<SettingsRow> => {
  const rows = await db
    .insert(userSettings)
    .values({ user_id: userId, theme, updated_at: now })
    .onConflictDoUpdate({ target: userSettings.user_id, set: { theme, updated_at: now } })
    .returning();
  return rows[0]!;
};

/** Adds `videoId` to hidden_videos unless it is already there (one statement, no race). */
export const addHiddenVideo = async (
  db: Db,
  userId: number,
  videoId: string,
  now: Date,
): Promise<SettingsRow> => {
  const item = JSON.stringify([videoId]);
  const rows = await db
    .insert(userSettings)
    .values({ user_id: userId, hidden_videos: [videoId], updated_at: now })
    .onConflictDoUpdate({
      target: userSettings.user_id,
      set: {
        hidden_videos: sql`case when ${userSettings.hidden_videos} @> ${item}::jsonb
          then ${userSettings.hidden_videos} else ${userSettings.hidden_videos} || ${item}::jsonb end`,
        updated_at: now,
      },
    })
    .returning();
  return rows[0]!;
};
