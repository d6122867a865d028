/**
 * A store list is checked before it is parsed and parsed off the event loop
 * (ADR 0070). The crafted files are the issue's: a 1.6 KB XLSX whose only cell is at XFD1048576
 * (it ran the process out of memory), a 104 KB XLSX with one 100 MB cell (77 s of a stalled
 * server), a 4.8 MB CSV of blank lines (13.7 s); each is refused with a 422 naming the limit,
 * and the server answers other requests meanwhile and after.
 */
import {
  STORE_LIST_MESSAGES,
  UPLOAD_MESSAGES,
  uploadMemoryLimitMessage,
  uploadTimeLimitMessage,
} from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { uploadTasksRunning, uploadWorkerThreads } from '../src/lib/workers/pool';
import {
  HEADER_AND_STORE,
  blankLinesCsv,
  declaredOnlyXlsx,
  farCellXlsx,
  heaviestXlsx,
  hugeCellXlsx,
  longCellXlsx,
  sheetXml,
  wideRowXlsx,
  xlsxParts,
  zipOf,
} from './fixtures/hostile-files';
import { WAIT_MS, XHR, buildTestApp, tableFingerprint, type TestApp } from './helpers';
import { LIST_CSV, buildStoreListWorld, upload, type StoreListWorld } from './store-list.fixtures';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let w: StoreListWorld;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await buildStoreListWorld(t);
});

/** The upload's 422 messages on `file`; nothing may be written by a refused preview. */
const refusal = async (data: Buffer, filename = 'stores.xlsx', app: TestApp = t) => {
  const before = await tableFingerprint();
  const res = await upload(
    app,
    w.admin,
    w.retailer.id,
    data,
    filename,
    filename.endsWith('.csv') ? 'text/csv' : XLSX,
  );
  expect(res.statusCode, res.body).toBe(422);
  expect(await tableFingerprint()).toEqual(before);
  return res.json().errors.file as string[];
};

/** Another user's cheap request, answered. */
const me = async (app: TestApp = t) => {
  const res = await app.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { ...XHR, cookie: w.agent },
  });
  expect(res.statusCode).toBe(200);
};

describe('an XLSX is checked before it is parsed', () => {
  it("refuses the issue's 1.6 KB XLSX whose only cell is at XFD1048576, from its dimension or its cell", async () => {
    const far = farCellXlsx();
    expect(far.length).toBeLessThan(1700);
    expect(await refusal(far)).toEqual([STORE_LIST_MESSAGES.tooManyLines]);
    expect(await refusal(farCellXlsx(false))).toEqual([STORE_LIST_MESSAGES.tooManyLines]);
    // Cells without references are placed one after another, as the reader does.
    expect(await refusal(wideRowXlsx(101))).toEqual([STORE_LIST_MESSAGES.tooManyColumns]);
    await me();
  });

  it("refuses the issue's 104 KB XLSX with a 100 MB cell from the size it declares, without inflating it", async () => {
    const huge = await hugeCellXlsx();
    expect(huge.length).toBeLessThan(110 * 1024);
    expect(await refusal(huge)).toEqual([STORE_LIST_MESSAGES.unpackedTooLarge]);
    // The same declaration over bytes that are no deflate stream at all: the refusal names the
    // size, so nothing was inflated to find it.
    expect(await refusal(declaredOnlyXlsx(100 * 1024 * 1024))).toEqual([
      STORE_LIST_MESSAGES.unpackedTooLarge,
    ]);
    expect(await refusal(declaredOnlyXlsx(40 * 1024 * 1024))).toEqual([STORE_LIST_MESSAGES.compressedTooFar]);
    // Declaring 1 KB for the 100 MB: inflating stops at the declared size and the lie is refused.
    expect(await refusal(await hugeCellXlsx({ sizeLie: true }))).toEqual([STORE_LIST_MESSAGES.fileType]);
    await me();
  });

  it("refuses a cell beyond Excel's 32,767 characters, and reads one at the limit", async () => {
    expect(await refusal(longCellXlsx(32_768))).toEqual([STORE_LIST_MESSAGES.cellTooLong]);
    // Within the limit the file is read (and refused for what it is: no header row).
    expect(await refusal(longCellXlsx(32_767))).toEqual([STORE_LIST_MESSAGES.missingColumns]);
  });

  it('reads a crafted but sane workbook through the checked parts', async () => {
    const res = await upload(
      t,
      w.admin,
      w.retailer.id,
      zipOf(xlsxParts(sheetXml(HEADER_AND_STORE))),
      'stores.xlsx',
      XLSX,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows.map((r: { status: string }) => r.status)).toEqual(['matched']);
  });
});

describe('a CSV is checked while it is parsed', () => {
  it("stops the issue's 4.8 MB CSV of blank lines at the line limit", async () => {
    expect(await refusal(blankLinesCsv(), 'stores.csv')).toEqual([STORE_LIST_MESSAGES.tooManyLines]);
    await me();
  });

  it('refuses a line of more than 100 fields or 65,536 characters', async () => {
    const header = 'Address,Town,Postcode';
    expect(await refusal(Buffer.from(`${header}\n${'x,'.repeat(100)}x\n`), 'stores.csv')).toEqual([
      STORE_LIST_MESSAGES.tooManyColumns,
    ]);
    expect(
      await refusal(Buffer.from(`${header}\n${'x'.repeat(70_000)},Leeds,LS1 6HD\n`), 'stores.csv'),
    ).toEqual([STORE_LIST_MESSAGES.lineTooLong]);
  });
});

describe('files are read in a worker thread with time and memory limits', () => {
  let heavy: Buffer;
  const apps: TestApp[] = [];
  beforeAll(() => {
    heavy = heaviestXlsx();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  const appWith = async (env: Record<string, string>) => {
    const app = await buildTestApp({ env });
    apps.push(app);
    return app;
  };

  it('a file that takes longer than the time limit is refused naming it; meanwhile other requests are answered, past the queue a 503, then the next file is read', async () => {
    const quick = await appWith({ UPLOAD_TIME_LIMIT_SECONDS: '1', UPLOAD_QUEUE: '0' });
    let settled = false;
    const pending = upload(quick, w.admin, w.retailer.id, heavy, 'stores.xlsx', XLSX).finally(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(uploadTasksRunning()).toBe(1), { timeout: WAIT_MS });
    // The worker is busy with the file: the event loop is not.
    const health = await quick.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await me(quick);
    // The one thread is taken and nobody may wait (UPLOAD_QUEUE=0): a second file is turned away.
    const busy = await upload(quick, w.admin, w.retailer.id, LIST_CSV);
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ msg: UPLOAD_MESSAGES.busy });
    expect(busy.headers['retry-after']).toBe('1');
    expect(settled).toBe(false);

    const res = await pending;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ file: [uploadTimeLimitMessage(1)] });
    // The stopped worker is replaced: the same pool reads the next file.
    const next = await upload(t, w.admin, w.retailer.id, LIST_CSV);
    expect(next.statusCode, next.body).toBe(200);
  });

  it('closing the app ends its upload threads', async () => {
    const before = uploadWorkerThreads();
    // A pool of its own (another memory limit), so no other app holds it.
    const own = await buildTestApp({ env: { UPLOAD_MEMORY_LIMIT_MB: '96' } });
    const res = await upload(own, w.admin, w.retailer.id, LIST_CSV);
    expect(res.statusCode, res.body).toBe(200);
    expect(uploadWorkerThreads()).toBe(before + 1);
    await own.close();
    expect(uploadWorkerThreads()).toBe(before);
  });

  it('a file that needs more memory than the limit is refused naming it, and the next file is read', async () => {
    const small = await appWith({ UPLOAD_MEMORY_LIMIT_MB: '64' });
    const res = await upload(small, w.admin, w.retailer.id, heavy, 'stores.xlsx', XLSX);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ file: [uploadMemoryLimitMessage(64)] });
    await me(small);
    const next = await upload(small, w.admin, w.retailer.id, LIST_CSV);
    expect(next.statusCode, next.body).toBe(200);
  });
});

describe('the upload worker settings', () => {
  it('default to one thread, 20 s, 256 MB and 16 waiting, and refuse nonsense', () => {
    expect(loadConfig({}).uploads).toEqual({
      threads: 1,
      timeLimitSeconds: 20,
      memoryLimitMb: 256,
      queue: 16,
    });
    expect(
      loadConfig({
        UPLOAD_WORKERS: '2',
        UPLOAD_TIME_LIMIT_SECONDS: '5',
        UPLOAD_MEMORY_LIMIT_MB: '512',
        UPLOAD_QUEUE: '0',
      }).uploads,
    ).toEqual({ threads: 2, timeLimitSeconds: 5, memoryLimitMb: 512, queue: 0 });
    expect(() => loadConfig({ UPLOAD_WORKERS: '0' })).toThrow(/UPLOAD_WORKERS/);
    expect(() => loadConfig({ UPLOAD_MEMORY_LIMIT_MB: '8' })).toThrow(/UPLOAD_MEMORY_LIMIT_MB/);
  });
});
