import { describe, expect, it } from 'vitest';
import { automaticPaymentsPageUrl } from './payment-method-url.js';

describe('automaticPaymentsPageUrl', () => {
  it.each([
    ['https://api-m.paypal.com', undefined, 'https://www.paypal.com/myaccount/autopay/'],
    ['https://api-m.sandbox.paypal.com', undefined, 'https://www.sandbox.paypal.com/myaccount/autopay/'],
    ['http://127.0.0.1:3003', undefined, 'http://127.0.0.1:3003/myaccount/autopay/'],
    ['https://api-m.paypal.com', 'https://paypal.example/', 'https://paypal.example/myaccount/autopay/'],
  ])('%s (site %s) -> %s', (apiUrl, webUrl, expected) => {
    expect(automaticPaymentsPageUrl(apiUrl, webUrl)).toBe(expected);
  });
});
