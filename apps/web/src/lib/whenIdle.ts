/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`); returns the cancel.
 * Where requestIdleCallback is missing (Safari), a plain timeout of the same length.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, timeoutMs);
  return () => window.clearTimeout(timer);
}
