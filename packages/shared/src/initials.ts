import { AVATAR_INITIALS_MAX } from './constants';

/** At most two initials of a name: first letters of the first and last words. */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (!first) return '?';
  return [first, last]
    .filter((w): w is string => !!w)
    .map((w) => (Array.from(w)[0] ?? '').toUpperCase())
    .join('')
    .slice(0, AVATAR_INITIALS_MAX);
};
