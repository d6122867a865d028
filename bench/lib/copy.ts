/**
 * Helpers for the dataset generators: a seeded PRNG and COPY text-format streaming.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** mulberry32: small, fast and deterministic for a seed. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const pickFrom =
  (rand: () => number) =>
  <T>(list: readonly T[]): T =>
    list[Math.floor(rand() * list.length)]!;

/** COPY text format: backslash, tab and newline escaped; \N is NULL. */
const cell = (v: string | number | boolean | null): string =>
  v === null ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
export const line = (cells: Array<string | number | boolean | null>) => `${cells.map(cell).join('\t')}\n`;

/** Streams `total` generated lines (a row function may return several) into COPY, reporting progress every 5,000 rows. */
export const copyRows = async (
  client: pg.Client,
  statement: string,
  total: number,
  row: (i: number) => string,
  progress: (done: number, total: number) => void,
): Promise<void> => {
  async function* lines() {
    let chunk = '';
    for (let i = 0; i < total; i++) {
      chunk += row(i);
      if ((i + 1) % 5000 === 0 || i === total - 1) {
        yield chunk;
        chunk = '';
        progress(i + 1, total);
      }
    }
  }
  await pipeline(Readable.from(lines()), client.query(copyFrom(statement)));
};
