import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { EmailTemplateEditor } from './email-template-editor';

function render(
  value: string,
  { companyName = 'Contoso Ltd', timeZone, onResetToDefault }: { companyName?: string; timeZone?: string; onResetToDefault?: () => void } = {},
): string {
  return renderToString(
    <TooltipProvider>
      <EmailTemplateEditor value={value} onChange={() => undefined} companyName={companyName} timeZone={timeZone} onResetToDefault={onResetToDefault} />
    </TooltipProvider>,
  );
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

function previewSrcDoc(html: string): string {
  const iframe = /<iframe\b[^>]*>/.exec(html)?.[0] ?? '';
  return decode(/srcDoc="([^"]*)"/i.exec(iframe)?.[1] ?? '');
}

function buttonNames(html: string): string[] {
  return [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map(([, attributes = '', content = '']) => {
    const label = /aria-label="([^"]*)"/.exec(attributes)?.[1];
    return decode(label ?? content.replace(/<[^>]+>/g, '').trim());
  });
}

describe('EmailTemplateEditor (first paint)', () => {
  it('offers every documented tool, each with an accessible name', () => {
    const html = render('<p>Hello</p>', { onResetToDefault: () => undefined });
    expect(html).toContain('role="toolbar" aria-label="Formatting"');
    expect(buttonNames(html)).toEqual([
      'Undo',
      'Redo',
      'Bold',
      'Italic',
      'Underline',
      'Text colour',
      'Highlight colour',
      'Align left',
      'Align center',
      'Align right',
      'Justify',
      'Bullet list',
      'Numbered list',
      'Line break',
      '{{userName}}',
      '{{daysRemaining}}',
      '{{expirationDate}}',
      '{{companyName}}',
      '{{userPrincipalName}}',
      '{{changePasswordUrl}}',
      'Reset to Default',
    ]);
  });

  it('offers a reset only when its owner can reset', () => {
    expect(buttonNames(render('<p>Hello</p>'))).not.toContain('Reset to Default');
  });

  it('shows the filled template in a frame that may run nothing', () => {
    const html = render('<p>Dear {{userName}}, {{daysRemaining}} days left at {{companyName}}.</p>', { companyName: 'Fabrikam' });
    const iframe = /<iframe\b[^>]*>/.exec(html)?.[0] ?? '';
    expect(iframe).toContain('sandbox=""');
    expect(iframe).toContain('title="Email preview"');
    const srcDoc = previewSrcDoc(html);
    expect(srcDoc).toContain('Subject: <strong>Password Expiration Notice</strong>');
    expect(srcDoc).toContain('<p>Dear Alex Johnson, 5 days left at Fabrikam.</p>');
    expect(html.replace(/<!-- -->/g, '')).toContain('Sample values, with 5 days remaining');
  });

  describe("the sample expiry date counts from the organization's today", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    // Evening of March 8 in Los Angeles, already March 9 in UTC; the sample expires 5 days on.
    const render5DaysOn = (timeZone: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2025-03-09T03:30:00Z'));
      return previewSrcDoc(render('<p>Expires {{expirationDate}}</p>', { timeZone }));
    };

    it('in Los Angeles', () => {
      expect(render5DaysOn('America/Los_Angeles')).toContain('<p>Expires March 13, 2025</p>');
    });

    it('in UTC', () => {
      expect(render5DaysOn('UTC')).toContain('<p>Expires March 14, 2025</p>');
    });
  });
});
