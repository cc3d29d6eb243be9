import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error.js';

/**
 * No request Passwatch takes nests deeper than a few levels; a body nested deeper is refused
 * before it is parsed, since parsing (and the prototype-key scan after it) of a body of 500,000
 * `[` holds the event loop for a second.
 */
export const MAX_JSON_DEPTH = 32;
/** The body limit of routes anyone may call without signing in (the sign-out form, the PayPal webhook has its own). */
export const ANONYMOUS_BODY_LIMIT = 16 * 1024;

export const jsonBodyMessages = {
  tooDeep: `Request body nests JSON more than ${MAX_JSON_DEPTH} levels deep`,
} as const;

/**
 * Whether JSON `text` opens more than `maxDepth` arrays or objects at once. One pass over the
 * characters, strings skipped, stopping at the first level too deep: linear, whatever the input,
 * and it needs no valid JSON (the parser judges that after).
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Fastify's JSON parser (prototype keys refused) behind the depth check. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(jsonBodyMessages.tooDeep), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
