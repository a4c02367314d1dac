import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import type { Mailer } from './mail/mailer.js';

/** What route modules and services are given; passed explicitly, never hung on the app. */
export interface AppDeps {
  config: Config;
  /**
   * The database. A write's handler passes its request's one transaction instead
   * (serve(), decision 0031): the services' writes, locks and audit rows are that transaction's.
   */
  db: Database;
  mailer: Mailer;
  /** The current moment; tests pass a fixed clock. */
  now(): Date;
}
