import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { EmailTemplateEditor as Editor } from './email-template-editor';

// Tiptap and ProseMirror are about half of the app's script: they load in a chunk of their own
// the first time a card shows the editor, never with the dashboard's first view.
const EmailTemplateEditor = lazy(() => import('./email-template-editor').then((module) => ({ default: module.EmailTemplateEditor })));

/** The email template editor, loaded on first use; a spinner in its place meanwhile. */
export function LazyEmailTemplateEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-64 items-center justify-center rounded-md border">
          <Spinner label="Loading the editor" />
        </div>
      }
    >
      <EmailTemplateEditor {...props} />
    </Suspense>
  );
}
