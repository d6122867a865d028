/**
 * Imports' background work on the job layer (ADR 0089, ADR 0094): one queue; a job validates
 * (ADR 0103), applies or reverts one import. A job whose process died expires and is taken up again; one stopped at
 * shutdown fails and is retried: either way it resumes after the last committed batch.
 */
import type { ServiceDeps } from '../../deps';
import type { JobLayer } from '../../jobs';
import { runApply, runRevert } from './import.apply';
import { runValidate } from './import.validate';

export const IMPORT_QUEUE = 'imports';

export interface ImportJob {
  id: number;
  action: 'validate' | 'apply' | 'revert';
  force?: boolean;
}

export const declareImportJobs = async (jobs: JobLayer, expireInSeconds: number): Promise<void> => {
  await jobs.queue(IMPORT_QUEUE, { expireInSeconds, retryLimit: 20, retryDelaySeconds: 1 });
};

/**
 * This process works the import queue; `stopping` turns true at shutdown (the job stops between
 * batches). pg-boss fails a job whose handler runs past the queue's expiry (and retries it while
 * the first run goes on), so a job works for at most half of it (`sliceSeconds`), queues the
 * next slice of the same import and ends: a long import is a chain of short jobs. The next slice
 * is queued before this one completes: a crash in between leaves two jobs, which the import's
 * row lock serialises; either writes only rows not yet `done`.
 */
export const workImportJobs = async (
  jobs: JobLayer,
  deps: ServiceDeps,
  opts: { stopping?: () => boolean; pollingIntervalSeconds?: number; sliceSeconds?: number } = {},
): Promise<void> => {
  const stopping = opts.stopping ?? (() => false);
  const sliceMs = (opts.sliceSeconds ?? deps.config.imports.jobExpireSeconds / 2) * 1000;
  await jobs.work<ImportJob>(
    IMPORT_QUEUE,
    async ([job]) => {
      const { id, action, force } = job!.data;
      const until = Date.now() + sliceMs;
      if (action === 'validate') return runValidate(deps, id);
      const more =
        action === 'apply'
          ? await runApply(deps, id, stopping, until)
          : await runRevert(deps, id, !!force, stopping, until);
      if (more) await jobs.enqueue(IMPORT_QUEUE, job!.data);
    },
    opts.pollingIntervalSeconds !== undefined ? { pollingIntervalSeconds: opts.pollingIntervalSeconds } : {},
  );
};
