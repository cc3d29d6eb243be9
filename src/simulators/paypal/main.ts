/**
 * Runs the PayPal simulator on its own, e.g.
 * PAYPAL_SIMULATOR_WEBHOOK_URL=http://localhost:5000/api/paypal/webhook npx tsx src/simulators/paypal/main.ts
 *
 * PAYPAL_SIMULATOR_PORT (default 4020), PAYPAL_SIMULATOR_HOST (default 127.0.0.1),
 * PAYPAL_SIMULATOR_WEBHOOK_URL (optional), PAYPAL_SIMULATOR_PUBLIC_URL (optional).
 * Credentials are DEMO_PAYPAL_CREDENTIALS.
 */
import { createPayPalSimulator, DEMO_PAYPAL_CREDENTIALS } from './index.js';

const port = Number(process.env.PAYPAL_SIMULATOR_PORT ?? 4020);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PAYPAL_SIMULATOR_PORT must be a port number, not "${process.env.PAYPAL_SIMULATOR_PORT}"`);
  process.exit(1);
}
const host = process.env.PAYPAL_SIMULATOR_HOST ?? '127.0.0.1';
const webhookUrl = process.env.PAYPAL_SIMULATOR_WEBHOOK_URL;
const publicUrl = process.env.PAYPAL_SIMULATOR_PUBLIC_URL;

const simulator = createPayPalSimulator({
  logger: true,
  ...(webhookUrl ? { webhookUrl } : {}),
  ...(publicUrl ? { publicUrl } : {}),
});
const baseUrl = await simulator.listen(port, host);
console.log(`PayPal simulator: ${baseUrl}`);
console.log(`Client id: ${DEMO_PAYPAL_CREDENTIALS.clientId}`);
console.log(`Webhook id: ${DEMO_PAYPAL_CREDENTIALS.webhookId}; webhooks go to ${webhookUrl ?? '(none yet: PUT /_control/webhook-url)'}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void simulator.close().then(() => process.exit(0));
  });
}
