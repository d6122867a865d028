/// <reference types="vite/client" />
import type { MatrixCases, MatrixRows } from './types';

/**
 * Every route's row (`matrix/<module>.rows.ts`), keyed `METHOD /api/path/{param}` as the OpenAPI
 * document names it. The authorization matrix and the attack suite both walk it.
 */
const modules = import.meta.glob<{ rows: MatrixRows; cases?: MatrixCases }>('./*.rows.ts', { eager: true });
export const MATRIX: MatrixRows = {};
/** The further cases of routes (`types.ts` MatrixCases), keyed `METHOD /api/path/{param} — case`. */
export const MATRIX_CASES: MatrixCases = {};
/** Each rows file's module name (`companies` for `./companies.rows.ts`) and its routes and cases. */
export const MATRIX_MODULES: Record<string, { rows: MatrixRows; cases: MatrixCases }> = {};
for (const [file, mod] of Object.entries(modules)) {
  MATRIX_MODULES[file.replace(/^\.\/(.*)\.rows\.ts$/, '$1')] = { rows: mod.rows, cases: mod.cases ?? {} };
  for (const [route, row] of Object.entries(mod.rows)) {
    if (MATRIX[route]) throw new Error(`${route} has rows in two files (${file})`);
    MATRIX[route] = row;
  }
  for (const [name, row] of Object.entries(mod.cases ?? {})) {
    if (MATRIX_CASES[name]) throw new Error(`${name} has cases in two files (${file})`);
    MATRIX_CASES[name] = row;
  }
}

/** The route a case is of: its key up to " — ". */
export const routeOfCase = (name: string): string => name.split(' — ')[0]!;

/** The routes the server documents (`METHOD /api/path/{param}`), from its OpenAPI document. */
export const documentedRoutes = (doc: { paths: Record<string, Record<string, unknown>> }): string[] =>
  Object.entries(doc.paths)
    .flatMap(([p, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'head')
        .map((m) => `${m.toUpperCase()} ${p}`),
    )
    .sort();
