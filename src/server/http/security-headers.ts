import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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

/**
 * Security headers on every response (API, web app, error pages):
 * - Content-Security-Policy: scripts only from this origin; stylesheets from this origin, the
 *   per-response nonce (run-time `<style>` elements of Radix and Tiptap, see web-app.ts) and the
 *   hashes above. Style *attributes* stay allowed: templates carry colour and alignment in them,
 *   and the editor writes them; they cannot run code. No plugins, no framing by anyone, forms
 *   post only here.
 * - X-Frame-Options DENY (older browsers), nosniff, Referrer-Policy same-origin (cross-site
 *   navigations, to the identity provider or PayPal, carry no Referer; same-origin POSTs keep
 *   their Origin header, which the same-origin check needs).
 * - Strict-Transport-Security only when the app is served over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { appUrl: string }): Promise<void> {
  const https = new URL(options.appUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", ...ownInlineStyles],
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
  // API answers carry personal data (names, addresses, expiry dates): no browser or proxy cache keeps
  // them, unless a route chose its own caching.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
