import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppTheme } from '../src/lib/appTheme';
import { staticMediaQuery } from './mediaQuery';

const prefer = (reduce: boolean) =>
  vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) =>
      staticMediaQuery(query, reduce && query === '(prefers-reduced-motion: reduce)'),
    );

describe('the theme and prefers-reduced-motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('animates as usual when the user has not asked for less motion', () => {
    prefer(false);
    const theme = createAppTheme('light');
    expect(theme.transitions.create('opacity')).not.toBe('none');
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
  });

  it('takes every transition and the ripple away when they have, keeping a still focus mark', () => {
    prefer(true);
    for (const mode of ['light', 'dark'] as const) {
      const theme = createAppTheme(mode);
      expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
      expect(theme.transitions.duration.enteringScreen).toBe(0);
      expect(theme.transitions.duration.leavingScreen).toBe(0);
      expect(theme.transitions.getAutoHeightDuration(400)).toBe(0);
      expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
      expect(theme.components?.MuiButtonBase?.styleOverrides?.root).toBeTypeOf('function');
    }
  });
});
