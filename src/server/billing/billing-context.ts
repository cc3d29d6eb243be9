import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import type { PayPalCatalog } from './paypal-catalog.js';
import type { PayPalClient } from '../integrations/paypal/index.js';

/** What billing use cases share: the database, PayPal, our plans, time and a log. */
export interface BillingContext {
  db: Database;
  paypal: PayPalClient;
  catalog: PayPalCatalog;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Public base URL of the app (PayPal's return and cancel URLs hang off it). */
  appUrl: string;
}
