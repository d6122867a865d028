import type { Import } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { DERIVED } from '../src/db/derived';
import { startJobLayer, type JobLayer } from '../src/jobs';
import { declareImportJobs, workImportJobs } from '../src/modules/imports/imports.jobs';
import { multipart } from './companies.fixtures';
import { compareWithRebuild } from './derived.fixtures';
import {
  WAIT_MS,
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  testDb,
  type TestApp,
} from './helpers';

/**
 * An app with the job layer working the import queue (as the server runs it), and a stop switch.
 * `idle`: jobs are queued but not worked until `work()` (an import held in `validating`).
 */
export const buildImportApp = async (env: Record<string, string> = {}, opts: { idle?: boolean } = {}) => {
  const db = await testDb();
  const jobs = await startJobLayer(db, { maintenanceIntervalSeconds: 1, schedule: false });
  await declareImportJobs(jobs, 60);
  const t = await buildTestApp({ env, jobs });
  let stopping = false;
  const work = () =>
    workImportJobs(jobs, t.app.services, { stopping: () => stopping, pollingIntervalSeconds: 0.5 });
  if (!opts.idle) await work();
  return {
    ...t,
    jobs,
    work,
    /** Stops the job between two batches, then the layer (as a shutdown does). */
    stopJobs: async () => {
      stopping = true;
      await jobs.stop({ graceful: true, timeoutMs: WAIT_MS });
    },
    close: async () => {
      stopping = true;
      await jobs.stop({ graceful: false }).catch(() => undefined);
      await t.close();
    },
  };
};
export type ImportApp = TestApp & { jobs: JobLayer; stopJobs: () => Promise<void> };

export const importWorld = async (t: TestApp) => {
  await resetData();
  const agency = await buildCompany({ name: 'Harper Dennis Hobbs' });
  const other = await buildCompany({ name: 'Savills' });
  const admin = await buildUser({ type: 'admin' });
  const agent = await buildUser({ company_id: agency.id });
  return {
    agency,
    other,
    admin: await sessionCookie(t.app, admin),
    agent: await sessionCookie(t.app, agent),
  };
};

export const upload = (
  t: TestApp,
  cookie: string,
  entity: string,
  data: Buffer | string,
  opts: { filename?: string; mapping?: object; type?: string } = {},
) => {
  const fields: Array<[string, string]> = [['entity', entity]];
  if (opts.mapping) fields.push(['mapping', JSON.stringify(opts.mapping)]);
  const form = multipart(fields, [
    {
      name: 'file',
      filename: opts.filename ?? 'import.csv',
      type: opts.type ?? 'text/csv',
      data: Buffer.isBuffer(data) ? data : Buffer.from(data),
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...XHR, cookie, ...form.headers },
    payload: form.body,
  });
};

/**
 * Uploads, and waits for the validation job's preview (the upload answers `validating`; an app
 * with no job layer validates in the request and answers the preview).
 */
export const preview = async (
  t: TestApp,
  cookie: string,
  entity: string,
  data: Buffer | string,
  opts = {},
) => {
  const res = await upload(t, cookie, entity, data, opts);
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  const answered = res.json().data as Import;
  if (answered.status === 'preview') return answered;
  if (answered.status !== 'validating') throw new Error(`upload answered status ${answered.status}`);
  return waitForStatus(t, cookie, answered.id, 'preview');
};

export const getImport = async (t: TestApp, cookie: string, id: number): Promise<Import> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: { ...XHR, cookie } });
  if (res.statusCode !== 200) throw new Error(`GET answered ${res.statusCode}: ${res.body}`);
  return res.json().data as Import;
};

export const post = (t: TestApp, cookie: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, payload });

/** Polls the import until it reaches `status` (bounded against a hang only). */
export const waitForStatus = async (
  t: TestApp,
  cookie: string,
  id: number,
  status: string,
): Promise<Import> => {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const imp = await getImport(t, cookie, id);
    if (imp.status === status) return imp;
    if (Date.now() > until) throw new Error(`import ${id} still ${imp.status}, waiting for ${status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

export const applyAndWait = async (t: TestApp, cookie: string, id: number, body: object = {}) => {
  const res = await post(t, cookie, `/api/imports/${id}/apply`, body);
  if (res.statusCode !== 202) throw new Error(`apply answered ${res.statusCode}: ${res.body}`);
  return waitForStatus(t, cookie, id, 'applied');
};

export const revertAndWait = async (t: TestApp, cookie: string, id: number, body: object = {}) => {
  const res = await post(t, cookie, `/api/imports/${id}/revert`, body);
  if (res.statusCode !== 202) throw new Error(`revert answered ${res.statusCode}: ${res.body}`);
  return waitForStatus(t, cookie, id, 'reverted');
};

export const companyNames = async (): Promise<string[]> =>
  (await queryRows<{ name: string }>(await testDb(), sql`select name from companies order by id`)).map(
    (r) => r.name,
  );

/** Every derived table whose content as the triggers kept it differs from its rebuild. */
export const derivedMismatches = async () => {
  const db = await testDb();
  const out = [];
  for (const d of DERIVED.filter((x) => x.rebuild)) {
    const m = await compareWithRebuild(db, d);
    if (m) out.push(m);
  }
  return out;
};
