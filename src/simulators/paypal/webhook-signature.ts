import { sign, verify, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** What PayPal signs for a webhook transmission (docs/domain.md §Signature verification). */
export interface WebhookTransmission {
  transmissionId: string;
  transmissionTime: string;
  webhookId: string;
  /** The exact bytes POSTed. */
  body: string;
}

function webhookSignedMessage(transmission: WebhookTransmission): string {
  const { transmissionId, transmissionTime, webhookId, body } = transmission;
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`;
}

/** Base64 RSA-SHA256 (PKCS #1 v1.5) signature, as in the PAYPAL-TRANSMISSION-SIG header. */
export function signWebhookTransmission(privateKey: KeyObject, transmission: WebhookTransmission): string {
  return sign('sha256', Buffer.from(webhookSignedMessage(transmission), 'utf8'), privateKey).toString('base64');
}

export function isWebhookSignatureValid(publicKey: KeyObject, transmission: WebhookTransmission, signature: string): boolean {
  return verify('sha256', Buffer.from(webhookSignedMessage(transmission), 'utf8'), publicKey, Buffer.from(signature, 'base64'));
}
