import type { FastifyReply } from 'fastify';

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      // Sign-in pages carry one-time request data: never serve them from a cache.
      .header('cache-control', 'no-store')
      .send(html)
  );
}
