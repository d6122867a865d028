import { createTheme, type Theme as MuiTheme } from '@mui/material';
import type { Theme } from '@frontage/shared';

/*
 * The palette and the signed-out preference, apart from ThemeModeProvider (which follows the
 * signed-in user through TanStack Query): the sign-in page's own entry uses these without it.
 */

const STORAGE_KEY = 'frontage.theme';

/* A tiny external store for the signed-out preference (localStorage, else prefers-color-scheme). */
const listeners = new Set<() => void>();
export const readStored = (): Theme => {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    /* storage unavailable */
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};
export const writeStored = (mode: Theme): void => {
  try {
    if (window.localStorage.getItem(STORAGE_KEY) === mode) return;
    window.localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    /* storage unavailable */
  }
  listeners.forEach((l) => l());
};
export const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * A user who asks their system for less motion (WCAG 2.3.3) gets none: dialogs, menus, drawers
 * and collapses appear at once and buttons have no ripple. Read when the theme is built.
 */
const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const NO_MOTION = {
  create: () => 'none',
  getAutoHeightDuration: () => 0,
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

export const createAppTheme = (mode: Theme): MuiTheme => {
  const still = prefersReducedMotion();
  return createTheme({
    ...(still ? { transitions: NO_MOTION } : {}),
    palette:
      mode === 'light'
        ? {
            mode,
            primary: { main: '#1f4e79' },
            secondary: { main: '#6a3d9a' },
            // MUI's orange (#ed6c02) gives 3.1:1 with white: the "unverified" chips failed axe.
            warning: { main: '#b45309', contrastText: '#ffffff' },
            background: { default: '#f4f6f8', paper: '#ffffff' },
            text: { primary: '#1a2027', secondary: '#4a5560' },
          }
        : {
            mode,
            primary: { main: '#8cb8e8' },
            secondary: { main: '#c5a3e6' },
            // MUI's dark red (#f44336) gives 3.7:1 with white: the Archive and Void buttons failed
            // axe. A lighter red with dark text reads at 8:1, and as text on the paper at 7:1.
            error: { main: '#f28b82', contrastText: '#12161b' },
            background: { default: '#12161b', paper: '#1b2128' },
            text: { primary: '#e6e9ec', secondary: '#b0b8c1' },
          },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontSize: 13,
      body1: { fontSize: '0.875rem' },
      body2: { fontSize: '0.8125rem' },
      h1: { fontSize: '1.375rem', fontWeight: 600, lineHeight: 1.3 },
      h2: { fontSize: '1.0625rem', fontWeight: 600 },
      h3: { fontSize: '0.9375rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    components: {
      // Without the ripple, keyboard focus needs its own (still) mark.
      MuiButtonBase: {
        defaultProps: { disableRipple: still },
        styleOverrides: still
          ? {
              root: ({ theme }) => ({
                '&.Mui-focusVisible': {
                  outline: `2px solid ${theme.palette.primary.main}`,
                  outlineOffset: 2,
                },
              }),
            }
          : {},
      },
      MuiButton: { defaultProps: { size: 'small', disableElevation: true } },
      MuiIconButton: { defaultProps: { size: 'small' } },
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      MuiFormControl: { defaultProps: { size: 'small' } },
      MuiToggleButtonGroup: { defaultProps: { size: 'small' } },
      MuiTable: { defaultProps: { size: 'small' } },
      MuiList: { defaultProps: { dense: true } },
      MuiMenuItem: { defaultProps: { dense: true } },
      MuiToolbar: { defaultProps: { variant: 'dense' } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { outlined: { borderRadius: 6 } } },
      MuiAlert: { styleOverrides: { root: { alignItems: 'center' } } },
    },
  });
};
