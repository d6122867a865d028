/**
 * Imports' background work on the job layer (ADR 0089, ADR 0094): one queue; a job applies or
 * reverts one import. A job whose process died expires and is taken up again; one stopped at
 * shutdown fails and is retried: either way it resumes after the last committed batch.
 */
import type { ServiceDeps } from '../../deps';
import type { JobLayer } from '../../jobs';
import { runApply, runRevert } from './import.apply';

export const IMPORT_QUEUE = 'imports';

export interface ImportJob {
  id: number;
  action: 'apply' | 'revert';
  force?: boolean;
}

export const declareImportJobs = async (jobs: JobLayer, expireInSeconds: number): Promise<void> => {
  await jobs.queue(IMPORT_QUEUE, { expireInSeconds, retryLimit: 20, retryDelaySeconds: 1 });
};

/** This process works the import queue; `stopping` turns true at shutdown (the job stops between batches). */
export const workImportJobs = async (
  jobs: JobLayer,
  deps: ServiceDeps,
  opts: { stopping?: () => boolean; pollingIntervalSeconds?: number } = {},
): Promise<void> => {
  const stopping = opts.stopping ?? (() => false);
  await jobs.work<ImportJob>(
    IMPORT_QUEUE,
    async ([job]) => {
      const { id, action, force } = job!.data;
      if (action === 'apply') await runApply(deps, id, stopping);
      else await runRevert(deps, id, !!force, stopping);
    },
    opts.pollingIntervalSeconds !== undefined ? { pollingIntervalSeconds: opts.pollingIntervalSeconds } : {},
  );
};
