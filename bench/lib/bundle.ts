import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './processes';

/** The sign-in page must load with at most 150 KB of gzipped JavaScript and CSS. */
export const LOGIN_BUDGET_BYTES = 150 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The source modules each measured route loads lazily on top of the entry (main.tsx, which only
 * chooses): a cold /login loads the sign-in entry; / loads the app, the shell and its page
 * (app/routes.tsx). A module's static imports come with it.
 */
const ROUTES: Record<string, string[]> = {
  '/login': ['src/app/signInEntry.tsx'],
  '/': [
    'src/app/start.tsx',
    'src/app/layouts/AppShell.tsx',
    'src/features/properties/pages/MyPropertiesPage.tsx',
  ],
};

export interface BundleRow {
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

const webDist = join(repoRoot, 'apps', 'web', 'dist');

/** Every file a chunk needs before it runs: itself, its CSS and its static imports, recursively. */
const closure = (manifest: Manifest, keys: string[]): Set<string> => {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    // A module with no chunk of its own was bundled into the entry, which is counted already.
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
};

export function bundleRows(): BundleRow[] {
  const manifestPath = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No ${manifestPath}: run \`npm run build\` first.`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('The build manifest has no entry.');
  return Object.entries(ROUTES).map(([route, lazy]) => {
    const files = closure(manifest, [entry, ...lazy]);
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const body = readFileSync(join(webDist, file));
      rawBytes += body.length;
      gzipBytes += gzipSync(body, { level: 9 }).length;
    }
    return { route, files: files.size, rawBytes, gzipBytes };
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function printBundleRows(rows: BundleRow[]): void {
  console.log('| route | files | raw | gzipped | budget |');
  console.log('|:--|--:|--:|--:|--:|');
  for (const r of rows)
    console.log(
      `| ${r.route} | ${r.files} | ${kb(r.rawBytes)} | ${kb(r.gzipBytes)} | ${r.route === '/login' ? kb(LOGIN_BUDGET_BYTES) : '–'} |`,
    );
}
