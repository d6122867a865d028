import type { Theme, UserSettings } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { presentSettings } from '../auth/auth.presenter';
import * as repo from './settings.repository';

export const setTheme = async (deps: ServiceDeps, userId: number, theme: Theme): Promise<UserSettings> =>
  presentSettings(await repo.upsertTheme(deps.db, userId, theme, deps.now()));

export const hideVideo = async (deps: ServiceDeps, userId: number, videoId: string): Promise<UserSettings> =>
  presentSettings(await repo.addHiddenVideo(deps.db, userId, videoId, deps.now()));
