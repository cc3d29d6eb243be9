/** Starts a simulator on loopback and talks to it over real HTTP, like the production client. */
import { createPayPalSimulator, DEMO_PAYPAL_CREDENTIALS, type PayPalSimulator, type PayPalSimulatorOptions } from '../index.js';

interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface PayPalTestHarness {
  simulator: PayPalSimulator;
  baseUrl: string;
  accessToken(): Promise<string>;
  /** A JSON call with a bearer token (or `headers.authorization` to override it). */
  api<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** The /_control API (no authentication). */
  control<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** One SERVICE product with Monthly (35.00 USD) and Yearly (365.00 USD) plans, like the product uses. */
  createCatalog(planOverrides?: Record<string, unknown>): Promise<{ productId: string; monthlyPlanId: string; yearlyPlanId: string }>;
  /** Creates a subscription and returns its id and approve link. */
  createSubscription(planId: string, extra?: Record<string, unknown>): Promise<{ id: string; approveUrl: string }>;
  /** Opens the approve link like a browser, then presses the named button; returns the redirect. */
  pressOnApprovalPage(approveUrl: string, button: 'Approve' | 'Cancel'): Promise<{ status: number; location: string | null; page: string }>;
  close(): Promise<void>;
}

export const RETURN_URL = 'https://app.example.test/subscription/return?from=paypal';
export const CANCEL_URL = 'https://app.example.test/subscription';

/** Test bodies are read loosely: assertions check their shape. */
export async function readJson(response: Response): Promise<any> {
  return response.json();
}

async function parse(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export function planBody(productId: string, name: string, value: string, intervalUnit: 'MONTH' | 'YEAR', overrides: Record<string, unknown> = {}) {
  return {
    product_id: productId,
    name,
    billing_cycles: [
      {
        frequency: { interval_unit: intervalUnit, interval_count: 1 },
        tenure_type: 'REGULAR',
        sequence: 1,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { value, currency_code: 'USD' } },
      },
    ],
    payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
    ...overrides,
  };
}

export async function startPayPalTestHarness(options: PayPalSimulatorOptions = {}): Promise<PayPalTestHarness> {
  const simulator = createPayPalSimulator({ webhookRetryDelaysMs: [20, 40], ...options });
  const baseUrl = await simulator.listen();
  let token: string | undefined;

  const accessToken = async () => {
    if (token) return token;
    const basic = Buffer.from(`${DEMO_PAYPAL_CREDENTIALS.clientId}:${DEMO_PAYPAL_CREDENTIALS.clientSecret}`).toString('base64');
    const response = await fetch(`${baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    token = ((await response.json()) as { access_token: string }).access_token;
    return token;
  };

  const api: PayPalTestHarness['api'] = async (method, path, body, headers = {}) =>
    parse(
      await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );

  const control: PayPalTestHarness['control'] = async (method, path, body) =>
    parse(
      await fetch(`${baseUrl}${path}`, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      }),
    );

  return {
    simulator,
    baseUrl,
    accessToken,
    api,
    control,
    async createCatalog(planOverrides = {}) {
      const product = await api('POST', '/v1/catalogs/products', { name: 'Passwatch', type: 'SERVICE', category: 'SOFTWARE' });
      const monthly = await api('POST', '/v1/billing/plans', planBody(product.body.id, 'Monthly', '35.00', 'MONTH', planOverrides));
      const yearly = await api('POST', '/v1/billing/plans', planBody(product.body.id, 'Yearly', '365.00', 'YEAR', planOverrides));
      return { productId: product.body.id, monthlyPlanId: monthly.body.id, yearlyPlanId: yearly.body.id };
    },
    async createSubscription(planId, extra = {}) {
      const created = await api('POST', '/v1/billing/subscriptions', {
        plan_id: planId,
        custom_id: 'org-42',
        subscriber: { name: { given_name: 'Ada', surname: 'Lovelace' }, email_address: 'ada@example.test' },
        application_context: {
          brand_name: 'Passwatch',
          user_action: 'SUBSCRIBE_NOW',
          shipping_preference: 'NO_SHIPPING',
          return_url: RETURN_URL,
          cancel_url: CANCEL_URL,
        },
        ...extra,
      });
      if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
      const approve = (created.body.links as { rel: string; href: string }[]).find((l) => l.rel === 'approve');
      return { id: created.body.id, approveUrl: approve?.href ?? '' };
    },
    async pressOnApprovalPage(approveUrl, button) {
      const page = await (await fetch(approveUrl)).text();
      // Find the form that holds the named button, as a browser would submit it.
      const form = [...page.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)].find((m) => (m[2] ?? '').includes(`>${button}</button>`));
      if (!form) return { status: 0, location: null, page };
      const fields = Object.fromEntries([...(form[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const response = await fetch(new URL(form[1] ?? '', approveUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields as Record<string, string>).toString(),
        redirect: 'manual',
      });
      return { status: response.status, location: response.headers.get('location'), page };
    },
    close: () => simulator.close(),
  };
}
