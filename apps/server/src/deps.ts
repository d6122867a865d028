import type { Config } from './config';
import type { Db } from './db/client';

/** What services need; passed explicitly so tests can swap the driver or the clock. */
export interface ServiceDeps {
  db: Db;
  config: Config;
  now: () => Date;
}
