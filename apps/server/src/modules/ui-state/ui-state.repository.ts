import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uiState } from '../../db/schema';

export type UiStateRow = typeof uiState.$inferSelect;

export const find = async (db: Db, userId: number, screen: string): Promise<UiStateRow | undefined> =>
  (
    await db
      .select()
      .from(uiState)
      .where(and(eq(uiState.user_id, userId), eq(uiState.screen, screen)))
      .limit(1)
  )[0];

export const upsert = async (
  db: Db,
  userId: number,
  screen: string,
  state: Record<string, unknown>,
  now: Date,
): Promise<UiStateRow> =>
  (
    await db
      .insert(uiState)
      .values({ user_id: userId, screen, state, updated_at: now })
      .onConflictDoUpdate({ target: [uiState.user_id, uiState.screen], set: { state, updated_at: now } })
      .returning()
  )[0]!;
