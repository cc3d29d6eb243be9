import { type X509Certificate, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Clock } from '../../clock.js';
import { isTrustedPayPalChain, parsePemCertificates, TrustAnchors } from './certificate-chain.js';

/** The PAYPAL-* headers of a webhook delivery (lower-case, as Node gives them). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface WebhookSignatureVerifierOptions {
  /** The id PayPal gave the webhook registered for our URL; it is part of what PayPal signs. */
  webhookId: string | undefined;
  /** Hosts PAYPAL-CERT-URL may point at (PayPal's, or the simulator's in demo mode and tests). */
  allowedCertHosts: readonly string[];
  /**
   * CA certificates (PEM) trusted besides Node's bundled roots: a TLS-inspecting proxy's, or the
   * simulator's own CA in demo mode and tests.
   */
  trustedCaPems?: readonly string[];
  clock: Clock;
  /**
   * The real time, which PayPal stamps each transmission with (default the system clock): the app's
   * clock may be a simulated one in demo mode and tests.
   */
  wallClock?: Clock;
  fetch?: typeof fetch;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const MAX_CACHED_CERTIFICATES = 16;
const CERTIFICATE_TIMEOUT_MS = 10_000;
/**
 * How far PAYPAL-TRANSMISSION-TIME may be from now: PayPal signs each delivery (retries too) when it
 * sends it, so a signed request replayed later, or stamped ahead, is refused. Five minutes leave room
 * for clock differences and a slow delivery.
 */
const TRANSMISSION_TIME_SKEW_MS = 5 * 60_000;

function header(headers: WebhookHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Verifies PayPal's webhook signature locally (docs/domain.md §Signature verification): the base64 SHA256withRSA
 * signature in PAYPAL-TRANSMISSION-SIG over `transmissionId|transmissionTime|webhookId|crc32`,
 * crc32 being of the raw body as an unsigned decimal, checked with the certificate at
 * PAYPAL-CERT-URL. The certificate is fetched only from an allowed host over https on its default
 * port (plain http and any port only for an allowed loopback host), and cached by URL; it must be
 * PayPal's signing certificate chained to a trusted CA (isTrustedPayPalChain). A delivery
 * stamped more than TRANSMISSION_TIME_SKEW_MS away from now is refused.
 */
export class WebhookSignatureVerifier {
  private readonly certificates = new Map<string, Promise<X509Certificate[]>>();
  private readonly allowedHosts: ReadonlySet<string>;
  private readonly anchors: TrustAnchors;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: WebhookSignatureVerifierOptions) {
    this.allowedHosts = new Set(options.allowedCertHosts.map((host) => host.toLowerCase()));
    this.fetch = options.fetch ?? globalThis.fetch;
    this.anchors = TrustAnchors.withSystemRoots(options.trustedCaPems ?? []);
  }

  /** True only for a delivery PayPal signed for our webhook; never throws for bad input. */
  async verify(headers: WebhookHeaders, rawBody: Buffer): Promise<boolean> {
    const webhookId = this.options.webhookId;
    const transmissionId = header(headers, 'paypal-transmission-id');
    const transmissionTime = header(headers, 'paypal-transmission-time');
    const signature = header(headers, 'paypal-transmission-sig');
    const certUrl = header(headers, 'paypal-cert-url');
    const algorithm = header(headers, 'paypal-auth-algo');
    if (!webhookId || !transmissionId || !transmissionTime || !signature || !certUrl || algorithm !== 'SHA256withRSA') return false;
    if (!this.isAllowedCertUrl(certUrl)) return false;
    const transmittedAt = Date.parse(transmissionTime);
    const wallNow = (this.options.wallClock ?? (() => new Date()))().getTime();
    if (Number.isNaN(transmittedAt) || Math.abs(wallNow - transmittedAt) > TRANSMISSION_TIME_SKEW_MS) return false;
    let chain: X509Certificate[];
    try {
      chain = await this.certificateChain(certUrl);
    } catch {
      return false;
    }
    const certificate = chain[0];
    if (!certificate || !isTrustedPayPalChain(chain, this.anchors, this.options.clock())) return false;
    const message = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(rawBody) >>> 0}`;
    try {
      return verify('sha256', Buffer.from(message, 'utf8'), certificate.publicKey, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }

  isAllowedCertUrl(certUrl: string): boolean {
    let url: URL;
    try {
      url = new URL(certUrl);
    } catch {
      return false;
    }
    const host = url.hostname.toLowerCase();
    if (!this.allowedHosts.has(host) || url.username || url.password) return false;
    // Loopback (the simulator) on any port; PayPal's hosts only on the https port.
    if (LOOPBACK_HOSTS.has(host)) return url.protocol === 'https:' || url.protocol === 'http:';
    return url.protocol === 'https:' && url.port === '';
  }

  private certificateChain(certUrl: string): Promise<X509Certificate[]> {
    const cached = this.certificates.get(certUrl);
    if (cached) return cached;
    const loading = this.download(certUrl);
    // Only certificates that loaded stay cached; the cache is bounded (oldest out first).
    loading.catch(() => this.certificates.delete(certUrl));
    if (this.certificates.size >= MAX_CACHED_CERTIFICATES) this.certificates.delete(this.certificates.keys().next().value!);
    this.certificates.set(certUrl, loading);
    return loading;
  }

  /** The leaf and any intermediates PayPal serves after it. */
  private async download(certUrl: string): Promise<X509Certificate[]> {
    const response = await this.fetch(certUrl, { redirect: 'error', signal: AbortSignal.timeout(CERTIFICATE_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`certificate ${certUrl} answered ${response.status}`);
    return parsePemCertificates(await response.text());
  }
}
