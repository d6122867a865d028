import type { Config } from './config';
import type { Db } from './db/client';
import type { JobLayer } from './jobs';

/** What services need; passed explicitly so tests can swap the driver or the clock. */
export interface ServiceDeps {
  db: Db;
  config: Config;
  now: () => Date;
  /** The durable job layer (ADR 0089) when this process runs one; the test app has none. */
  jobs?: JobLayer;
}
