import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** A key as the hints show it (Esc, Enter, Ctrl, ⌘). */
export function KeyHint({ children }: { children: ReactNode }) {
  return (
    <Box
      component="kbd"
      sx={{
        display: 'inline-block',
        px: 0.5,
        minWidth: 20,
        textAlign: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 0.5,
        fontFamily: 'inherit',
        fontSize: '0.75rem',
        lineHeight: 1.5,
        color: 'text.secondary',
      }}
    >
      {children}
    </Box>
  );
}

/** Whether the keyboard's command key is ⌘ (the hints then say ⌘ K rather than Ctrl K). */
export const isMac = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
