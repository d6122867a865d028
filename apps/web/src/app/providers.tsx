import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { styled } from '@mui/material/styles';
import { TOAST_DURATION_MS } from '@frontage/shared';
import { ThemeModeProvider } from '../lib/theme';

/**
 * notistack's own colours put white text on #43a047 (success, 3.3:1), #ff9800 (warning, 2.1:1)
 * and #2196f3 (info, 3.1:1): axe's contrast rule fails a page while a toast shows. These give
 * 4.5:1 or more with white in both themes.
 */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
  '&.notistack-MuiContent-info': { backgroundColor: '#1565c0' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
});
const TOASTS = { default: Toast, success: Toast, warning: Toast, info: Toast, error: Toast };

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <SnackbarProvider
          maxSnack={4}
          dense
          preventDuplicate
          autoHideDuration={TOAST_DURATION_MS}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          Components={TOASTS}
        >
          {children}
        </SnackbarProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
