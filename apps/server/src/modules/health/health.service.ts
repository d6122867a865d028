import type { ServiceDeps } from '../../deps';
import { ServiceUnavailableError } from '../../lib/errors';
import { ping } from './health.repository';

const TIMEOUT_MS = 3000;

export const check = async (deps: ServiceDeps): Promise<{ status: 'ok'; database: 'ok' }> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(deps.db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), TIMEOUT_MS);
      }),
    ]);
  } catch {
    throw new ServiceUnavailableError();
  } finally {
    clearTimeout(timer);
  }
  return { status: 'ok', database: 'ok' };
};
