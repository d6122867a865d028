import { useEffect, useSyncExternalStore } from 'react';

/**
 * Dialogs the shell opens by itself — What's New after sign-in, a page's help videos — take
 * turns: one at a time, first come first served, so they never open on top of each other. A
 * dialog keeps its turn until it no longer wants to be open.
 */
const queue: string[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether the dialog named `key`, wanting to open, may open now. */
export function useShellTurn(key: string, wants: boolean): boolean {
  useEffect(() => {
    if (!wants) return;
    queue.push(key);
    emit();
    return () => {
      const at = queue.indexOf(key);
      if (at >= 0) queue.splice(at, 1);
      emit();
    };
  }, [key, wants]);
  return useSyncExternalStore(subscribe, () => wants && queue[0] === key);
}
