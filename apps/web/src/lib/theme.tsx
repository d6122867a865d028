import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { Theme } from '@frontage/shared';
import { http } from './http';
import { setMe, useMe } from './session';
import { createAppTheme, readStored, subscribe, writeStored } from './appTheme';

export { createAppTheme };

interface ThemeModeValue {
  mode: Theme;
  setMode: (mode: Theme) => void;
  toggle: () => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

/**
 * The theme follows the signed-in user's settings.theme; before login it follows localStorage,
 * then prefers-color-scheme. Changing it while signed in is saved with PUT /api/settings/theme.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const { data: user } = useMe();
  const stored = useSyncExternalStore(subscribe, readStored, () => 'light' as Theme);
  const mode: Theme = user?.settings.theme ?? stored;

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
    // Remember the signed-in user's choice for the login page after logout.
    writeStored(mode);
  }, [mode]);

  const setMode = useCallback(
    (next: Theme) => {
      writeStored(next);
      if (user && user.settings.theme !== next) {
        setMe(qc, { ...user, settings: { ...user.settings, theme: next } });
        http.put('/settings/theme', { theme: next }, { successNotice: false }).catch(() => {
          /* the client already showed the error */
        });
      }
    },
    [qc, user],
  );

  const value = useMemo<ThemeModeValue>(
    () => ({ mode, setMode, toggle: () => setMode(mode === 'dark' ? 'light' : 'dark') }),
    [mode, setMode],
  );
  const theme = useMemo(() => createAppTheme(mode), [mode]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export const useThemeMode = (): ThemeModeValue => {
  const ctx = useContext(ThemeModeContext);
  if (!ctx) throw new Error('useThemeMode outside ThemeModeProvider');
  return ctx;
};
