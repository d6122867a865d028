import ical, { foldLines } from 'ical-generator';
import { describe, expect, it } from 'vitest';
import { foldIcsLines } from '../src/modules/lease-events/ics-fold';

/** Text of every kind a feed's lines hold: ASCII, accents, CJK, emoji (surrogate pairs), at every length. */
const PIECES = [
  'a',
  'Unit 4, 12 High Street',
  'é',
  'Kraków',
  '東京',
  '📞',
  '🏬 Café Nero',
  ',',
  ';',
  '\\n',
  ' ',
];

const lineOf = (seed: number, length: number): string => {
  let s = '';
  let x = seed;
  while (s.length < length) {
    x = (x * 1103515245 + 12345) % 2147483648;
    s += PIECES[x % PIECES.length];
  }
  return `DESCRIPTION:${s}`;
};

describe('ICS line folding', () => {
  it('folds exactly as ical-generator does, for every kind of line and length', () => {
    const lines: string[] = [];
    for (let length = 0; length < 400; length += 7) lines.push(lineOf(length + 1, length));
    lines.push(
      'X'.repeat(74),
      'X'.repeat(75),
      `${'X'.repeat(73)}📞`,
      `${'X'.repeat(72)}é€`,
      '\ud83d',
      'a\udc00b',
    );
    const text = lines.join('\r\n');
    expect(foldIcsLines(text)).toBe(foldLines(text));
  });

  it('gives a whole calendar the same text as calendar.toString()', () => {
    const calendar = ical({ name: 'Frontage lease events', ttl: 3600 });
    const shell = calendar.toString();
    for (let i = 0; i < 50; i++)
      calendar.createEvent({
        id: `${i}-lease_expiry-0@example.com`,
        start: '2027-03-01',
        end: '2027-03-02',
        allDay: true,
        summary: `Lease expiry — Unit ${i}, Kraków Café 📞 ${'long '.repeat(i)}`,
        description: lineOf(i, 20 * i),
        stamp: new Date('2026-11-27T10:00:00Z'),
      });
    const end = 'END:VCALENDAR';
    const ours = foldIcsLines(
      shell.slice(0, -end.length) +
        calendar
          .events()
          .map((e) => e.toString())
          .join('') +
        end,
    );
    expect(ours).toBe(calendar.toString());
  });
});
