import { useEffect, useRef, useState } from 'react';

/** `value`, once it has stopped changing for `delayMs` (search boxes, pickers). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A list filter's free-text field (a town): the text as typed, handed to `apply` once it has
 * settled for `delayMs`. The saved filter stays the source of truth: only typed text flows this
 * way, so restoring or clearing the saved state never echoes back through `apply`.
 */
export function useSettledText(
  saved: string,
  apply: (text: string) => void,
  delayMs: number,
): [string, (text: string) => void] {
  const [text, setText] = useState(saved);
  const settled = useDebouncedValue(text, delayMs);
  const latest = useRef({ saved, apply });
  useEffect(() => {
    latest.current = { saved, apply };
  });
  useEffect(() => {
    if (settled !== latest.current.saved) latest.current.apply(settled);
  }, [settled]);
  return [text, setText];
}
