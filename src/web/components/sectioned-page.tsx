import type { ReactNode } from 'react';

/** One part of a long page: its anchor (`id`), the name in the page's navigation, what it holds. */
export interface PageSection {
  id: string;
  title: string;
  /** Nothing (null, false) leaves the section out, and its entry in the navigation with it. */
  content: ReactNode;
}

/** The sections that have something to show. */
export function visibleSections(sections: readonly PageSection[]): PageSection[] {
  return sections.filter((section) => section.content !== null && section.content !== undefined && section.content !== false);
}

const sectionAnchor = (id: string) => `section-${id}`;

/**
 * In-page navigation: a link to each section. Beside the sections from `lg` (sticky while the
 * page scrolls), above them on narrower screens, where the links wrap instead of widening the page.
 */
export function SectionNav({ label, sections }: { label: string; sections: readonly PageSection[] }) {
  return (
    <nav aria-label={label} className="lg:sticky lg:top-4">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${sectionAnchor(section.id)}`}
              className="inline-flex rounded-md border bg-card px-3 py-1.5 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:w-full lg:border-transparent lg:bg-transparent lg:hover:bg-muted"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One section: a landmark named after it, its cards evenly spaced (the same gap as between sections). */
export function SectionBlock({ section }: { section: PageSection }) {
  return (
    <section id={sectionAnchor(section.id)} aria-label={section.title} className="grid min-w-0 scroll-mt-4 grid-cols-1 gap-6">
      {section.content}
    </section>
  );
}
