import type { CookieSerializeOptions } from '@fastify/cookie';

export const SESSION_COOKIE = 'pw_session';
/** Binds an authorization response to the browser that started it (login CSRF). */
export const LOGIN_STATE_COOKIE = 'pw_login_state';
export const LOGIN_STATE_MAX_AGE_SECONDS = 10 * 60;

export function cookieOptions(secure: boolean, maxAgeSeconds?: number): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }) };
}
