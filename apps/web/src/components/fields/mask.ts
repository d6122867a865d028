/**
 * Applies a `#` mask (spec B §5: dates `##/##/####`, years `####`) to what was typed: digits fill
 * the `#` slots, literals are inserted as the user reaches them, anything else is dropped.
 */
export function applyMask(raw: string, mask: string): string {
  const digits = raw.replace(/\D/g, '');
  let out = '';
  let d = 0;
  for (const ch of mask) {
    if (d >= digits.length) break;
    if (ch === '#') out += digits[d++];
    else out += ch;
  }
  return out;
}
