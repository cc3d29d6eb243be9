import { X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';

/** The names PayPal's webhook signing certificates are issued for (live and sandbox). */
const PAYPAL_SIGNING_HOSTS = ['messageverificationcerts.paypal.com', 'messageverificationcerts.sandbox.paypal.com'] as const;
/** A leaf and its intermediates; PayPal serves two or three certificates. */
const MAX_CHAIN_LENGTH = 5;
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
/** Parsed once per process: the bundled roots do not change while it runs. */
let systemRoots: X509Certificate[] | undefined;

/** Every PEM certificate in a text, in order; throws if there is none or one does not parse. */
export function parsePemCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) throw new Error('no PEM certificate found');
  return blocks.map((block) => new X509Certificate(block));
}

/** Trust anchors looked up by subject name. */
export class TrustAnchors {
  private readonly bySubject = new Map<string, X509Certificate[]>();

  constructor(certificates: readonly X509Certificate[]) {
    for (const certificate of certificates) {
      const same = this.bySubject.get(certificate.subject) ?? [];
      same.push(certificate);
      this.bySubject.set(certificate.subject, same);
    }
  }

  /** Node's bundled Mozilla roots (which hold PayPal's DigiCert root) plus extra CA PEMs. */
  static withSystemRoots(extraPems: readonly string[]): TrustAnchors {
    systemRoots ??= rootCertificates.flatMap(parsePemCertificates);
    return new TrustAnchors([...systemRoots, ...extraPems.flatMap(parsePemCertificates)]);
  }

  /** The anchor that is this certificate, or that issued and signed it; valid at `now`. */
  anchorFor(certificate: X509Certificate, now: number): X509Certificate | undefined {
    const isAnchor = (this.bySubject.get(certificate.subject) ?? []).some((anchor) => anchor.fingerprint256 === certificate.fingerprint256);
    if (isAnchor) return certificate;
    return (this.bySubject.get(certificate.issuer) ?? []).find(
      (anchor) => isValidAt(anchor, now) && certificate.checkIssued(anchor) && safeVerify(certificate, anchor),
    );
  }
}

function isValidAt(certificate: X509Certificate, now: number): boolean {
  return now >= Date.parse(certificate.validFrom) && now <= Date.parse(certificate.validTo);
}

function safeVerify(certificate: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return certificate.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/**
 * Whether a served chain (leaf first, then intermediates) is PayPal's webhook signing certificate
 * from a trusted CA (docs/domain.md §Signature verification): the leaf is for one of
 * PAYPAL_SIGNING_HOSTS, each certificate is issued and signed by the next, which is a CA, every one
 * is valid at `now`, and the last is, or is issued by, a trust anchor. Anything odd: false.
 */
export function isTrustedPayPalChain(chain: readonly X509Certificate[], anchors: TrustAnchors, now: Date): boolean {
  const [leaf] = chain;
  if (!leaf || chain.length > MAX_CHAIN_LENGTH) return false;
  const at = now.getTime();
  try {
    if (!PAYPAL_SIGNING_HOSTS.some((host) => leaf.checkHost(host, { partialWildcards: false }) !== undefined)) return false;
    if (!chain.every((certificate) => isValidAt(certificate, at))) return false;
    for (let index = 0; index + 1 < chain.length; index++) {
      const certificate = chain[index]!;
      const issuer = chain[index + 1]!;
      if (!issuer.ca || !certificate.checkIssued(issuer) || !safeVerify(certificate, issuer)) return false;
    }
    return anchors.anchorFor(chain[chain.length - 1]!, at) !== undefined;
  } catch {
    return false;
  }
}
