import { randomBytes, randomInt, randomUUID } from 'node:crypto';

// PayPal identifiers are upper-case alphanumerics of fixed lengths behind a type prefix.
const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function upperAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += UPPER_ALPHANUMERIC[randomInt(UPPER_ALPHANUMERIC.length)];
  return out;
}

export const newProductId = () => `PROD-${upperAlphanumeric(17)}`;
export const newPlanId = () => `P-${upperAlphanumeric(24)}`;
export const newSubscriptionId = () => `I-${upperAlphanumeric(12)}`;
export const newApprovalToken = () => `BA-${upperAlphanumeric(17)}`;
/** The `token` PayPal appends to return and cancel URLs. */
export const newRedirectToken = () => upperAlphanumeric(17);
export const newTransactionId = () => upperAlphanumeric(17);
export const newPayerId = () => upperAlphanumeric(13);
export const newWebhookEventId = () => `WH-${upperAlphanumeric(17)}-${upperAlphanumeric(17)}`;
export const newDebugId = () => randomBytes(7).toString('hex').slice(0, 13);
export const newAccessToken = () => `A21AA${randomBytes(66).toString('base64url')}`;
export const newTransmissionId = () => randomUUID();
export const newCertificateId = () => `CERT-${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}`;
