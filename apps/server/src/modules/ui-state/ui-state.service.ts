import type { UiState, UiStateScreen } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { iso } from '../../lib/dates';
import * as repo from './ui-state.repository';

/** The user's saved state of a screen; `{}` when nothing was saved yet. */
export const get = async (deps: ServiceDeps, userId: number, screen: UiStateScreen): Promise<UiState> => {
  const row = await repo.find(deps.db, userId, screen);
  return { screen, state: row?.state ?? {}, updated_at: iso(row?.updated_at) };
};

/** Replaces the saved state (the client always sends the whole object). */
export const save = async (
  deps: ServiceDeps,
  userId: number,
  screen: UiStateScreen,
  state: Record<string, unknown>,
): Promise<UiState> => {
  const row = await repo.upsert(deps.db, userId, screen, state, deps.now());
  return { screen, state: row.state, updated_at: iso(row.updated_at) };
};
