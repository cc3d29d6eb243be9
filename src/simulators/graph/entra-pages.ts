// The HTML pages of the simulated Entra sign-in and consent: one look, never cached.
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../shared/html.js';

export const ENTRA_PAGE_STYLE = `<style>body{font-family:system-ui,sans-serif;background:#f2f2f2;margin:0}
main{max-width:30rem;margin:3rem auto;background:#fff;padding:2rem;box-shadow:0 2px 6px rgba(0,0,0,.2)}
.account{display:flex;gap:.75rem;align-items:flex-start;border:1px solid #ccc;padding:.75rem;margin:.5rem 0;cursor:pointer}
button{padding:.5rem 1.5rem;margin-right:.5rem}.primary{background:#0067b8;color:#fff;border:0}
.notice{color:#a80000}.sim{font-size:.8rem;color:#666}</style>`;

/** A hidden form field carrying a request parameter through the page. */
export function hiddenField(name: string, value: string | undefined): string {
  return value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

/** Entra's own error page: a request it cannot send back to the app ends here. */
export function entraErrorPage(reply: FastifyReply, message: string): FastifyReply {
  return sendEntraPage(
    reply,
    400,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to your ` +
      `account</title></head><body><main><h1>Sorry, but we're having trouble signing you in.</h1><p ` +
      `role="alert">${escapeHtml(message)}</p></main></body></html>`,
  );
}

export function sendEntraPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
}
