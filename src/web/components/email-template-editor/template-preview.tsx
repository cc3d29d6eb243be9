import { useId, useMemo } from 'react';
import { SAMPLE_DAYS_REMAINING, sampleValuesCaption } from '../../../shared/domain/email-template';
import type { Language } from '../../../shared/domain/languages';
import { buildPreviewDocument, previewToday } from './preview-document';

/**
 * The email as a sample recipient would see it: 5 days before the expiry, or after it for the after-expiry template. The frame is sandboxed with no
 * permissions: the template is the administrator's HTML, and nothing in it may run here.
 */
export function TemplatePreview({
  templateHtml,
  companyName,
  timeZone,
  subject,
  title,
  language,
  note,
  sampleDaysRemaining = SAMPLE_DAYS_REMAINING,
}: {
  templateHtml: string;
  companyName: string;
  timeZone?: string | undefined;
  /** The subject line shown above the message; the reminder's by default. */
  subject?: string | undefined;
  /** The frame's accessible name. */
  title?: string | undefined;
  /** The language the sample is written in (its dates and layout); English by default. */
  language?: Language | undefined;
  /** A line under the heading, e.g. which language's wording is shown. */
  note?: string | undefined;
  /** The sample's days until the expiry; negative after it. */
  sampleDaysRemaining?: number | undefined;
}) {
  const headingId = useId();
  const srcDoc = useMemo(
    () => buildPreviewDocument(templateHtml, companyName, previewToday(new Date(), timeZone), subject, language, sampleDaysRemaining),
    [templateHtml, companyName, timeZone, subject, language, sampleDaysRemaining],
  );
  return (
    <section aria-labelledby={headingId} className="flex min-h-80 flex-col overflow-hidden rounded-md border">
      <div className="border-b bg-muted/40 px-3 py-2">
        <h4 id={headingId} className="text-sm font-medium">
          Live Preview
        </h4>
        <p className="text-xs text-muted-foreground">{sampleValuesCaption(sampleDaysRemaining)}</p>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </div>
      <iframe title={title ?? 'Email preview'} sandbox="" srcDoc={srcDoc} className="w-full flex-1 bg-white" />
    </section>
  );
}
