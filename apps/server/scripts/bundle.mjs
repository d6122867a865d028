/**
 * The server as one file: `npm run build` writes apps/server/dist (what `npm start` runs), and the
 * tests that start servers in child processes write the same into a folder of their own (ADR 0113).
 * Starting from the bundle takes about half the CPU of `node --import tsx src/main.ts`, which
 * loads each of the server's few hundred TypeScript modules through tsx's loader one by one.
 *
 * The packages under node_modules stay outside the bundle (they are loaded as installed); the
 * workspace's own (@frontage/shared) is bundled. Beside main.mjs go what the code finds next to
 * itself: the migrations (db/migrate.ts) and the upload workers' entry, worker.cjs
 * (lib/workers/pool.ts). The folder must sit three levels under the repository's root, as src/
 * does (apps/server/<folder>): config.ts finds the root from its own place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(SERVER_DIR, 'src');

/** Bare imports stay imports, except the workspace's own packages (TypeScript source, bundled). */
const installedPackagesOutside = {
  name: 'installed-packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@frontage/') ? undefined : { path: args.path, external: true },
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [installedPackagesOutside],
};

/** Writes the bundle into `outDir` (created or emptied first); resolves to main.mjs's path. */
export const bundleServer = async (outDir) => {
  if (path.resolve(outDir, '../../..') !== path.resolve(SERVER_DIR, '../..'))
    throw new Error(`The bundle must sit three levels under the repository root, as src/ does: ${outDir}`);
  fs.rmSync(outDir, { recursive: true, force: true });
  await Promise.all([
    build({
      ...common,
      entryPoints: [path.join(SRC, 'main.ts')],
      format: 'esm',
      outfile: path.join(outDir, 'main.mjs'),
    }),
    build({
      ...common,
      // The pool's worker entry: the tasks as CommonJS, as src/lib/workers/worker.cjs gives them
      // through tsx's require hook.
      stdin: {
        contents: "module.exports = require('./tasks.ts').tasks;",
        resolveDir: path.join(SRC, 'lib/workers'),
        loader: 'js',
      },
      format: 'cjs',
      outfile: path.join(outDir, 'worker.cjs'),
    }),
  ]);
  fs.cpSync(path.join(SRC, 'db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return path.join(outDir, 'main.mjs');
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await bundleServer(path.join(SERVER_DIR, 'dist'));
  process.stdout.write(`server bundled into apps/server/dist in ${Date.now() - started} ms\n`);
}
