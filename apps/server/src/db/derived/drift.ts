import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { dropTriggerSql, functionSql, normaliseSql, triggerSql, viewSql } from './define';
import { allFunctions, allTriggers, allViews } from './index';

/** How the database and the declarations disagree about one object. */
export interface Drift {
  kind: 'function' | 'trigger' | 'view';
  name: string;
  /** missing: declared, not in the database; differs: not as declared; undeclared: in the database only. */
  problem: 'missing' | 'differs' | 'undeclared';
  /** The database's definition (PostgreSQL's own text, whitespace collapsed), when there is one. */
  actual?: string;
  /** The declaration's, as PostgreSQL prints it once applied (or why PostgreSQL refused it). */
  declared?: string;
  /** A function PostgreSQL refused to replace (an argument renamed): the DROP it needs first. */
  drop?: string;
}

type Catalog = Map<string, string>;

/** The DROP FUNCTION statements of the database's functions, by name. */
const readDrops = async (db: Db): Promise<Map<string, string>> => {
  const rows = await queryRows<{ name: string; args: string }>(
    db,
    sql.raw(`select p.proname as name, pg_get_function_identity_arguments(p.oid) as args
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`),
  );
  return new Map(rows.map((r) => [r.name, `DROP FUNCTION "${r.name}"(${r.args});`]));
};

const keyOf = (kind: Drift['kind'], name: string) => `${kind} ${name}`;

/** Every function, trigger and view of schema public (not an extension's), as PostgreSQL prints it. */
const readCatalog = async (db: Db): Promise<Catalog> => {
  const rows = await queryRows<{ kind: Drift['kind']; name: string; def: string }>(
    db,
    sql.raw(`
      select 'function' as kind, p.proname as name, pg_get_functiondef(p.oid) as def
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'
         and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      union all
      select 'trigger', t.tgname, pg_get_triggerdef(t.oid)
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and not t.tgisinternal
      union all
      select 'view', c.relname, pg_get_viewdef(c.oid)
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'v'
         and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`),
  );
  const catalog: Catalog = new Map();
  for (const r of rows) {
    const key = keyOf(r.kind, r.name);
    // Two functions of one name (an overload): never declared, so always a difference.
    // Whitespace just inside a body's dollar quotes is no part of the definition.
    const def = normaliseSql(r.def.replace(/\s*\$function\$\s*/g, ' $function$ '));
    catalog.set(key, catalog.has(key) ? `${catalog.get(key)} | ${def}` : def);
  }
  return catalog;
};

/** The SQL that makes the database hold one declared object as declared. */
export const declarationStatements = (): Array<{ kind: Drift['kind']; name: string; sql: string[] }> => [
  ...allViews().map((v) => ({ kind: 'view' as const, name: v.name, sql: [viewSql(v)] })),
  ...allFunctions().map((f) => ({ kind: 'function' as const, name: f.name, sql: [functionSql(f)] })),
  ...allTriggers().map((t) => ({
    kind: 'trigger' as const,
    name: t.name,
    sql: [dropTriggerSql(t), triggerSql(t)],
  })),
];

class Rollback extends Error {}

/**
 * Compares the database's views, functions and triggers with the declarations: in a transaction
 * that is rolled back, reads what PostgreSQL prints for each, applies every declaration, reads
 * again — an object whose text changed is not as declared. PostgreSQL prints both sides, so the
 * comparison is of definitions, not of spelling. Objects of schema public that nothing declares are
 * reported too.
 */
export const derivedDrift = async (db: Db): Promise<Drift[]> => {
  let before: Catalog = new Map();
  let after: Catalog = new Map();
  let drops = new Map<string, string>();
  const failed = new Map<string, string>();
  await db
    .transaction(async (tx) => {
      before = await readCatalog(tx);
      drops = await readDrops(tx);
      for (const d of declarationStatements()) {
        try {
          // Its own savepoint: a declaration PostgreSQL refuses (a changed argument name, a view's
          // changed columns) is a difference, and the rest are still compared.
          await tx.transaction(async (sp) => {
            for (const statement of d.sql) await sp.execute(sql.raw(statement));
          });
        } catch (err) {
          const cause = (err as { cause?: Error }).cause ?? (err as Error);
          failed.set(keyOf(d.kind, d.name), `cannot apply: ${cause.message}`);
        }
      }
      after = await readCatalog(tx);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  const drift: Drift[] = [];
  const declared = new Set(declarationStatements().map((d) => keyOf(d.kind, d.name)));
  for (const d of declarationStatements()) {
    const key = keyOf(d.kind, d.name);
    const actual = before.get(key);
    const wanted = failed.get(key) ?? after.get(key);
    if (actual === undefined)
      drift.push({ kind: d.kind, name: d.name, problem: 'missing', declared: wanted });
    else if (actual !== wanted) {
      const drop = d.kind === 'function' && failed.has(key) ? drops.get(d.name) : undefined;
      drift.push({
        kind: d.kind,
        name: d.name,
        problem: 'differs',
        actual,
        declared: wanted,
        ...(drop ? { drop } : {}),
      });
    }
  }
  for (const [key, actual] of before) {
    if (declared.has(key)) continue;
    const [kind, name] = key.split(' ') as [Drift['kind'], string];
    drift.push({ kind, name, problem: 'undeclared', actual });
  }
  return drift;
};
