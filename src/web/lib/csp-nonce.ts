import { setNonce } from 'get-nonce';

/**
 * This page's Content-Security-Policy nonce: the server writes a fresh one into index.html's
 * `<meta property="csp-nonce">` on every load, and only `<style>` elements carrying it apply.
 * (The Vite dev server sends no policy and leaves the placeholder there, which does no harm.)
 * Undefined outside a browser: components rendered to a string in tests.
 */
export const cspNonce: string | undefined =
  typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

// Radix's scroll lock (dialogs, menus, selects) adds its `<style>` through get-nonce.
if (cspNonce) setNonce(cspNonce);
