import { useEffect, useId, useMemo, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cspNonce } from '@/lib/csp-nonce';
import { cn } from '@/lib/utils';
import { EditorToolbar } from './editor-toolbar';
import { templateEditorExtensions } from './editor-extensions';
import type { Language } from '../../../shared/domain/languages';
import { TemplatePreview } from './template-preview';
import { TemplateVariableButtons } from './template-variable-buttons';

export interface EmailTemplateEditorProps {
  /** The template HTML. */
  value: string;
  onChange: (html: string) => void;
  /** The organization's name: the preview's {{companyName}}. */
  companyName: string;
  /** The organization's IANA time zone: the preview's "today", as the server counts it. The browser's zone when absent or not a zone. */
  timeZone?: string | undefined;
  /** The FormField wiring (see FieldControlProps): id, invalid state and the hint/error ids. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  /** Shows a 'Reset to Default' button that calls this (the owner fetches the default template). */
  onResetToDefault?: () => void;
  isResettingToDefault?: boolean;
  /** The editing surface's accessible name, when a page has more than one template. */
  ariaLabel?: string;
  /** The preview's subject line; the reminder's by default. */
  previewSubject?: string | undefined;
  /** The preview frame's accessible name, when a page has more than one. */
  previewTitle?: string;
  /** The language the template is written in: the preview's dates and text direction follow it. */
  previewLanguage?: Language | undefined;
  /** The preview's sample: days until the expiry, negative after it (the after-expiry template). */
  previewDaysRemaining?: number;
}

// Tailwind's reset strips list markers and paragraph spacing; the editing surface restores what an
// email client shows, so the text looks as it will be sent.
const contentClasses =
  'min-h-64 px-3 py-2 text-sm leading-relaxed outline-none [&_p]:my-2 [&_h1]:my-3 [&_h1]:text-2xl ' +
  '[&_h1]:font-bold [&_h2]:my-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:my-2 [&_h3]:text-lg ' +
  '[&_h3]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 ' +
  '[&_a]:text-primary [&_a]:underline [&_mark]:rounded-sm [&_mark]:px-0.5';

/**
 * The rich-text email template editor (docs/product.md §Screens and routes, §Constants) with its live preview beside it.
 * `value` may change from outside (a loaded configuration, a reset): the editor then shows it
 * without reporting it back as an edit.
 */
export function EmailTemplateEditor({
  value,
  onChange,
  companyName,
  timeZone,
  id,
  'aria-invalid': invalid = false,
  'aria-describedby': describedBy,
  onResetToDefault,
  isResettingToDefault = false,
  ariaLabel = 'Email template',
  previewSubject,
  previewTitle,
  previewLanguage,
  previewDaysRemaining,
}: EmailTemplateEditorProps) {
  const fallbackId = useId();
  const editorId = id ?? fallbackId;
  // Only the first value creates the document; later values arrive through the effect below.
  const [initialContent] = useState(value);
  const editorProps = useMemo(
    () => ({
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel,
        'aria-invalid': String(invalid),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: contentClasses,
      },
    }),
    [editorId, invalid, describedBy, ariaLabel],
  );
  const editor = useEditor({
    extensions: templateEditorExtensions,
    content: initialContent,
    // Render nothing on the server and on the first client pass: ProseMirror needs a DOM.
    immediatelyRender: false,
    injectNonce: cspNonce,
    editorProps,
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });

  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-2">
        <div
          className={cn(
            'overflow-hidden rounded-md border border-input bg-background shadow-xs focus-within:border-ring ' +
              'focus-within:ring-[3px] focus-within:ring-ring/50',
            invalid && 'border-destructive focus-within:border-destructive',
          )}
        >
          <EditorToolbar editor={editor} />
          <EditorContent editor={editor} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <TemplateVariableButtons editor={editor} />
          {onResetToDefault && (
            <Button variant="outline" size="sm" disabled={isResettingToDefault} onClick={onResetToDefault}>
              <RotateCcwIcon aria-hidden />
              Reset to Default
            </Button>
          )}
        </div>
      </div>
      <TemplatePreview
        templateHtml={value}
        companyName={companyName}
        timeZone={timeZone}
        subject={previewSubject}
        title={previewTitle}
        language={previewLanguage}
        sampleDaysRemaining={previewDaysRemaining}
      />
    </div>
  );
}
