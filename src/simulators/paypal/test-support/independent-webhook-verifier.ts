/**
 * A webhook verifier written apart from the simulator's signing code, using only node:crypto,
 * so a mistake in the simulator's CRC or message layout cannot cancel out in the tests.
 */
import { createPublicKey, verify, X509Certificate } from 'node:crypto';

/** Bit-by-bit CRC-32 (reflected polynomial 0xEDB88320), deliberately without a lookup table. */
function referenceCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export interface ReceivedTransmission {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

function header(transmission: ReceivedTransmission, name: string): string {
  const value = transmission.headers[name];
  if (typeof value !== 'string') throw new Error(`missing header ${name}`);
  return value;
}

/** Fetches PAYPAL-CERT-URL and checks the signature the way a merchant integration does. */
export async function verifyWithServedCertificate(transmission: ReceivedTransmission, webhookId: string): Promise<boolean> {
  if (header(transmission, 'paypal-auth-algo') !== 'SHA256withRSA') return false;
  const certificatePem = await (await fetch(header(transmission, 'paypal-cert-url'))).text();
  const certificate = new X509Certificate(certificatePem);
  const message = [
    header(transmission, 'paypal-transmission-id'),
    header(transmission, 'paypal-transmission-time'),
    webhookId,
    String(referenceCrc32(transmission.rawBody)),
  ].join('|');
  return verify(
    'RSA-SHA256',
    Buffer.from(message, 'utf8'),
    createPublicKey(certificate.publicKey.export({ type: 'spki', format: 'pem' })),
    Buffer.from(header(transmission, 'paypal-transmission-sig'), 'base64'),
  );
}
