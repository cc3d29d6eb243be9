import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { backoffDelayMs, sleep, type BackoffSettings } from '../backoff.js';
import {
  paypalCreatedSubscriptionReply,
  paypalErrorReply,
  paypalPlanReply,
  paypalProductReply,
  paypalSubscription,
  paypalTokenReply,
  paypalTransactionsReply,
  type PayPalSubscription,
  type PayPalTransaction,
} from './paypal-wire.js';

export interface PayPalClientOptions {
  /** REST base, e.g. https://api-m.sandbox.paypal.com (the official SDK cannot be pointed elsewhere). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Retries of a call that failed in transit or with 429/5xx (default 2), each after the shared backoff. */
  retries?: number;
  backoff?: Partial<BackoffSettings>;
}

const DEFAULT_BACKOFF: BackoffSettings = { baseDelayMs: 200, maxBackoffMs: 2_000, random: Math.random };

/** A reply PayPal sent with an error status, or no reply at all (status 0). */
export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string | undefined,
    message: string,
    readonly debugId?: string,
  ) {
    super(message);
    this.name = 'PayPalApiError';
  }
}

export interface CreateSubscriptionInput {
  planId: string;
  customId: string;
  subscriber: { name?: { given_name?: string; surname?: string }; email_address?: string };
  brandName: string;
  returnUrl: string;
  cancelUrl: string;
}

interface RequestOptions {
  body?: unknown;
  form?: Record<string, string>;
  /** 404 answers null instead of throwing. */
  nullOn404?: boolean;
}

// Tokens live 9 hours; renew a little early so a call never carries one that expires in flight.
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

/** PayPal REST over fetch: OAuth client credentials, products, plans and subscriptions. */
export class PayPalClient {
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoff: BackoffSettings;

  constructor(private readonly options: PayPalClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retries = options.retries ?? 2;
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  }

  get apiUrl(): string {
    return this.options.apiUrl;
  }

  async createProduct(input: { name: string; description: string }): Promise<string> {
    const reply = await this.call('POST', '/v1/catalogs/products', paypalProductReply, {
      body: { name: input.name, description: input.description, type: 'SERVICE', category: 'SOFTWARE' },
    });
    return reply!.id;
  }

  async createPlan(input: { productId: string; name: string; description: string; priceUsd: number; intervalUnit: 'MONTH' | 'YEAR' }): Promise<string> {
    const reply = await this.call('POST', '/v1/billing/plans', paypalPlanReply, {
      body: {
        product_id: input.productId,
        name: input.name,
        description: input.description,
        status: 'ACTIVE',
        billing_cycles: [
          {
            frequency: { interval_unit: input.intervalUnit, interval_count: 1 },
            tenure_type: 'REGULAR',
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: { fixed_price: { value: input.priceUsd.toFixed(2), currency_code: 'USD' } },
          },
        ],
        payment_preferences: { auto_bill_outstanding: true, setup_fee_failure_action: 'CANCEL', payment_failure_threshold: 3 },
      },
    });
    return reply!.id;
  }

  /** Whether PayPal knows the plan (a stored catalog may belong to another account or a restarted simulator). */
  async planExists(id: string): Promise<boolean> {
    return (await this.call('GET', `/v1/billing/plans/${encodeURIComponent(id)}`, paypalPlanReply, { nullOn404: true })) !== null;
  }

  /** Creates an APPROVAL_PENDING subscription; the buyer approves it at the returned URL. */
  async createSubscription(input: CreateSubscriptionInput): Promise<{ id: string; approvalUrl: string }> {
    const reply = await this.call('POST', '/v1/billing/subscriptions', paypalCreatedSubscriptionReply, {
      body: {
        plan_id: input.planId,
        custom_id: input.customId,
        ...(input.subscriber.name || input.subscriber.email_address ? { subscriber: input.subscriber } : {}),
        application_context: {
          brand_name: input.brandName,
          user_action: 'SUBSCRIBE_NOW',
          shipping_preference: 'NO_SHIPPING',
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
      },
    });
    const approve = reply!.links.find((link) => link.rel === 'approve');
    if (!approve) throw new PayPalApiError(502, undefined, `PayPal created subscription ${reply!.id} without an approve link`);
    return { id: reply!.id, approvalUrl: approve.href };
  }

  /** The subscription, or null when PayPal does not know the id. */
  async getSubscription(id: string): Promise<PayPalSubscription | null> {
    return this.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`, paypalSubscription, { nullOn404: true });
  }

  /** Pauses billing (reversible with activate). */
  suspendSubscription(id: string, reason: string): Promise<void> {
    return this.subscriptionAction(id, 'suspend', reason);
  }

  /** Resumes a suspended (or approved) subscription. */
  activateSubscription(id: string, reason: string): Promise<void> {
    return this.subscriptionAction(id, 'activate', reason);
  }

  /** Ends the subscription for good. */
  cancelSubscription(id: string, reason: string): Promise<void> {
    return this.subscriptionAction(id, 'cancel', reason);
  }

  async listTransactions(id: string, startTime: Date, endTime: Date): Promise<PayPalTransaction[]> {
    const query = new URLSearchParams({ start_time: paypalTime(startTime), end_time: paypalTime(endTime) });
    const reply = await this.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}/transactions?${query}`, paypalTransactionsReply);
    return reply!.transactions;
  }

  private async subscriptionAction(id: string, action: 'suspend' | 'activate' | 'cancel', reason: string): Promise<void> {
    await this.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/${action}`, null, { body: { reason } });
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    // Concurrent callers share one token request.
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const reply = await this.send('POST', '/v1/oauth2/token', `Basic ${basic}`, paypalTokenReply, {
      form: { grant_type: 'client_credentials' },
    });
    const token = reply!;
    this.token = { value: token.access_token, expiresAt: Date.now() + token.expires_in * 1000 - TOKEN_RENEWAL_MARGIN_MS };
    return token.access_token;
  }

  private async call<Schema extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: Schema | null,
    options: RequestOptions = {},
  ): Promise<z.infer<Schema> | null> {
    try {
      return await this.send(method, path, `Bearer ${await this.accessToken()}`, schema, options);
    } catch (error) {
      // A token revoked or expired early: fetch a new one once.
      if (!(error instanceof PayPalApiError) || error.status !== 401) throw error;
      this.token = null;
      return this.send(method, path, `Bearer ${await this.accessToken()}`, schema, options);
    }
  }

  /**
   * One logical request, retried on network errors, 429 and 5xx. Every POST carries a
   * PayPal-Request-Id, the same on each retry, so PayPal performs it at most once.
   */
  private async send<Schema extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    authorization: string,
    schema: Schema | null,
    options: RequestOptions,
  ): Promise<z.infer<Schema> | null> {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    let body: string | undefined;
    if (method === 'POST') {
      headers['paypal-request-id'] = randomUUID();
      if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(options.form).toString();
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body ?? {});
      }
    }
    for (let attempt = 0; ; attempt++) {
      const retryDelay = attempt < this.retries ? backoffDelayMs(attempt + 1, this.backoff) : undefined;
      let response: Response;
      try {
        response = await this.fetch(`${this.options.apiUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
      } catch (error) {
        if (retryDelay !== undefined) {
          await sleep(retryDelay);
          continue;
        }
        throw new PayPalApiError(0, undefined, `PayPal ${method} ${pathOnly(path)} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if ((response.status === 429 || response.status >= 500) && retryDelay !== undefined) {
        await response.arrayBuffer();
        await sleep(retryDelay);
        continue;
      }
      if (options.nullOn404 && response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await errorFrom(response, method, path);
      if (schema === null || response.status === 204) {
        await response.arrayBuffer();
        return null;
      }
      const parsed = schema.safeParse(await response.json());
      if (!parsed.success) throw new PayPalApiError(502, undefined, `PayPal ${method} ${pathOnly(path)} answered an unexpected body: ${parsed.error.message}`);
      return parsed.data;
    }
  }
}

async function errorFrom(response: Response, method: string, path: string): Promise<PayPalApiError> {
  const text = await response.text();
  let reply: z.infer<typeof paypalErrorReply> = {};
  try {
    reply = paypalErrorReply.parse(JSON.parse(text));
  } catch {
    // Not PayPal's JSON (a proxy's page): the status says enough.
  }
  const issue = reply.details?.[0]?.issue ?? reply.name ?? reply.error;
  const description = reply.details?.[0]?.description ?? reply.message ?? reply.error_description ?? response.statusText;
  return new PayPalApiError(
    response.status,
    issue,
    `PayPal ${method} ${pathOnly(path)} answered ${response.status} ${issue ?? ''}: ${description}`.replace(/ +:/, ':'),
    reply.debug_id,
  );
}

const pathOnly = (path: string) => path.split('?')[0] ?? path;

/** PayPal's timestamps: RFC 3339 UTC without fractional seconds. */
function paypalTime(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
