import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { emailPreviewDocument } from '../../shared/domain/email-template.js';
import { renderSignInProblem } from '../auth/index.js';

/** Hashes (CSP source expressions) of every `<style>` element in `html`. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The `<style>` elements the app itself writes without a nonce: the sign-in problem page's and the
 * template preview's. The preview is a sandboxed srcdoc frame, which lives under the page's policy,
 * so its stylesheet must be allowed by hash (its content does not depend on the template).
 */
const ownInlineStyles = [...new Set([...inlineStyleHashes(renderSignInProblem('')), ...inlineStyleHashes(emailPreviewDocument('', '', ''))])];

/** What a response needs from helmet: its headers as it would set them (recorded once, not computed again per request). */
type HeaderList = readonly (readonly [string, string])[];

function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers: [string, string][] = [];
  const recorder = { setHeader: (name: string, value: string) => void headers.push([name, value]), removeHeader: () => {} };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

const CONTENT_SECURITY_POLICY = 'Content-Security-Policy';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * A fresh nonce for `<style>` elements of this response, allowed by its Content-Security-Policy
     * (index.html hands it to the libraries that add them at run time). Only a page that asks for
     * one carries one: API answers, files and error pages need none.
     */
    styleNonce(): string;
  }
}

/**
 * Security headers on every response (API, web app, error pages):
 * - Content-Security-Policy: scripts only from this origin; stylesheets from this origin, the
 *   nonce of a page that asks for one (run-time `<style>` elements of Radix and Tiptap, see
 *   web-app.ts) and the hashes above. Style *attributes* stay allowed: templates carry colour and
 *   alignment in them, and the editor writes them; they cannot run code. No plugins, no framing by
 *   anyone, forms post only here.
 * - X-Frame-Options DENY (older browsers), nosniff, Referrer-Policy same-origin (cross-site
 *   navigations, to the identity provider or PayPal, carry no Referer; same-origin POSTs keep
 *   their Origin header, which the same-origin check needs).
 * - Strict-Transport-Security only when the app is served over https.
 * - Cache-Control no-store on API answers, unless the route chose its own caching: they carry
 *   personal data (names, addresses, expiry dates), which no browser or proxy cache may keep.
 * helmet works them out once at start-up: per request they cost a copy, which a busy dashboard
 * notices (building them per request was a tenth of a cheap route's CPU; docs/architecture.md §API
 * performance).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { appUrl: string }): void {
  const https = new URL(options.appUrl).protocol === 'https:';
  const policy = (styleNonce: string | null): HelmetOptions => ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", ...ownInlineStyles, ...(styleNonce === null ? [] : [`'nonce-${styleNonce}'`])],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  const headers = helmetHeaders(policy(null));
  // Set on the raw response, as helmet does: files served by @fastify/static get them too, and a
  // header the route sets through the reply takes precedence.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (request.url.startsWith('/api/')) reply.raw.setHeader('Cache-Control', 'no-store');
    done();
  });
  app.decorateReply('styleNonce', function styleNonce(this: FastifyReply) {
    const nonce = randomBytes(16).toString('hex');
    const [, withNonce] = helmetHeaders(policy(nonce)).find(([name]) => name === CONTENT_SECURITY_POLICY)!;
    this.raw.setHeader(CONTENT_SECURITY_POLICY, withNonce);
    return nonce;
  });
}
