/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, '\\$&');
