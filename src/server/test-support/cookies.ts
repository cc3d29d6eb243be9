/** The `name=value` pair of a cookie an injected response sets, or undefined. */
export function cookieFrom(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = all.find((cookie) => cookie.startsWith(`${name}=`));
  return found?.split(';')[0];
}
