import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { EmailTemplateEditor as Editor } from './email-template-editor';

// Tiptap and ProseMirror are about half of the app's script: they load in a chunk of their own
// once the editor's place scrolls near the screen (or takes focus), never with the dashboard's
// first view, nor on opening a tab whose editor is further down.
const EmailTemplateEditor = lazy(() => import('./email-template-editor').then((module) => ({ default: module.EmailTemplateEditor })));

/** How far below the screen the editor's place may still be when its chunk starts loading. */
const LOAD_MARGIN = '600px 0px';

/** The email template editor, loaded when it is about to be seen; a placeholder of its height meanwhile. */
export function LazyEmailTemplateEditor(props: ComponentProps<typeof Editor>) {
  // Without IntersectionObserver (older browsers, tests' DOM) it loads at once.
  const [wanted, setWanted] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (wanted || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setWanted(true), { rootMargin: LOAD_MARGIN });
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  const placeholder = (
    <div ref={place} className="flex min-h-80 items-center justify-center rounded-md border">
      <Spinner label="Loading the editor" />
    </div>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EmailTemplateEditor {...props} />
    </Suspense>
  );
}
