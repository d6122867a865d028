/**
 * `npm run bench:bundle` (also the first table of `npm run bench`): the gzipped JavaScript and CSS a
 * cold browser must download before a page can show, read from the web build's manifest
 * (apps/web/dist/.vite/manifest.json; run `npm run build` first). Exits 1 when /login is over its
 * budget (≤ 150 KB gzipped, ADR 0041).
 */
import { bundleRows, LOGIN_BUDGET_BYTES, printBundleRows } from './lib/bundle';

const rows = bundleRows();
printBundleRows(rows);
const login = rows.find((r) => r.route === '/login');
if (login && login.gzipBytes > LOGIN_BUDGET_BYTES) {
  console.error(`/login needs ${login.gzipBytes} bytes gzipped, over its budget of ${LOGIN_BUDGET_BYTES}.`);
  process.exitCode = 1;
}
