// Checks that docs/adr/README.md indexes every ADR: one row per file with its number, its title as
// the file's heading says it and the first word of its status; one row per skipped number. Prints
// the rows to add or fix and exits 1 when the index is incomplete. `--print` prints a row for every
// ADR (the "superseded or amended by" column empty), to start a new index from.
//
//   node scripts/adr-index.mjs          check (run by npm run lint)
//   node scripts/adr-index.mjs --print  print the rows
import { readdirSync, readFileSync } from 'node:fs';

const dir = new URL('../docs/adr/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => /^\d{4}-.+\.md$/.test(f))
  .sort();

const adrs = files.map((file) => {
  const text = readFileSync(new URL(file, dir), 'utf8');
  const number = file.slice(0, 4);
  const heading = text.match(/^# (\d{4}) — (.+)$/m);
  const status = text.match(/^Status:\s*([A-Za-z]+)/m);
  return {
    file,
    number,
    title: heading?.[2].trim(),
    status: status?.[1].toLowerCase(),
    problem: !heading
      ? 'its first heading is not "# NNNN — Title"'
      : heading[1] !== number
        ? `its heading says ${heading[1]}`
        : !status
          ? 'it has no "Status:" line'
          : null,
  };
});

const rowOf = (a) => `| [${a.number}](${a.file}) | ${a.title} | ${a.status} | |`;

if (process.argv.includes('--print')) {
  for (const a of adrs) console.log(rowOf(a));
  process.exit(0);
}

/** The index's rows: `| [NNNN](file) | title | status | by |` or `| NNNN | (missing) … |`. */
const readme = readFileSync(new URL('README.md', dir), 'utf8');
const rows = new Map();
for (const line of readme.split('\n')) {
  const cells = line.split('|').map((c) => c.trim());
  if (cells.length < 5 || cells[0] !== '') continue;
  const cell = cells[1].match(/^\[(\d{4})\]\(([^)]+)\)$|^(\d{4})$/);
  if (!cell) continue;
  const number = cell[1] ?? cell[3];
  if (rows.has(number)) rows.set(number, { duplicate: true });
  else rows.set(number, { file: cell[2] ?? null, title: cells[2], status: cells[3] });
}

const errors = [];
for (const a of adrs) {
  if (a.problem) {
    errors.push(`docs/adr/${a.file}: ${a.problem}.`);
    continue;
  }
  const row = rows.get(a.number);
  if (!row) errors.push(`docs/adr/README.md has no row for ${a.file}; add:\n  ${rowOf(a)}`);
  else if (row.duplicate) errors.push(`docs/adr/README.md has more than one row for ${a.number}.`);
  else if (row.file !== a.file || row.title !== a.title || !row.status.toLowerCase().startsWith(a.status))
    errors.push(
      `docs/adr/README.md's row for ${a.number} does not match ${a.file} (link, title as its heading, status "${a.status}" first); it starts:\n  ${rowOf(a)}`,
    );
}
const numbers = new Set(adrs.map((a) => a.number));
const last = Math.max(0, ...adrs.map((a) => Number(a.number)));
for (let n = 1; n <= last; n += 1) {
  const number = String(n).padStart(4, '0');
  if (numbers.has(number)) continue;
  const row = rows.get(number);
  if (!row || row.file)
    errors.push(`docs/adr/README.md must say that ${number} is missing: | ${number} | (missing) … |`);
}
for (const [number, row] of rows) {
  if (row.file && !numbers.has(number))
    errors.push(`docs/adr/README.md links ${row.file}, which does not exist.`);
}

if (errors.length) {
  console.error(`ADR index incomplete (docs/adr/README.md):\n${errors.map((e) => `- ${e}`).join('\n')}`);
  process.exit(1);
}
console.log(`ADR index complete: ${adrs.length} ADRs.`);
