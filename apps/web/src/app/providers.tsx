import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { TOAST_DURATION_MS } from '@frontage/shared';
import { ThemeModeProvider } from '../lib/theme';

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
        >
          {children}
        </SnackbarProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
