import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sendTestEmailBody } from '../../../../shared/api/notifications';
import { createQueryClient } from '@/lib/query-client';
import { validateForm } from '@/lib/form-errors';
import { TestEmailCard } from './test-email-card';

describe('TestEmailCard', () => {
  it('is a labelled email field with a send button', () => {
    const html = renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <TestEmailCard />
      </QueryClientProvider>,
    );
    const inputId = /<input\b[^>]*\bid="([^"]+)"/.exec(html)?.[1];
    expect(inputId).toBeDefined();
    expect(html).toContain(`for="${inputId}">Test Email Address</label>`);
    expect(html).toMatch(/<input\b[^>]*type="email"/);
    expect(html).toMatch(/<button\b[^>]*type="submit"[^>]*>[\s\S]*Send Test Email<\/button>/);
  });

  // The form checks the address with the server's own contract before sending.
  it.each([
    ['', 'Please enter a test email address'],
    ['   ', 'Please enter a test email address'],
    ['not-an-address', 'Please enter a valid email address'],
  ])('answers %j with %j under the field', (email, message) => {
    const checked = validateForm(sendTestEmailBody, { email });
    expect(checked.success ? null : checked.fieldErrors.email).toBe(message);
  });
});
