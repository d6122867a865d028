import { Component, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { CHUNK_LOAD_TIMEOUT_MS } from '@frontage/shared';

export class ChunkLoadError extends Error {
  constructor(message = 'This page could not be loaded.') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** React.lazy with a time-out: a chunk that has not arrived after CHUNK_LOAD_TIMEOUT_MS fails. */
export function lazyPage<T extends ComponentType<object>>(
  factory: () => Promise<{ default: T }>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
) {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new ChunkLoadError('Loading this page took too long.')),
          timeoutMs,
        );
        factory().then(
          (mod) => {
            clearTimeout(timer);
            resolve(mod);
          },
          (err: unknown) => {
            clearTimeout(timer);
            reject(err instanceof Error ? err : new ChunkLoadError());
          },
        );
      }),
  );
}

interface BoundaryProps {
  children: ReactNode;
}
interface BoundaryState {
  error: Error | null;
}

/** Shows a failed page load (chunk error or render error) with a reload button. */
export class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <PageLoadError />;
  }
}

export function PageLoadError() {
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        This page could not be loaded. Check your connection and reload the page.
      </Alert>
    </Box>
  );
}
