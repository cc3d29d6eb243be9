import type { ReactNode } from 'react';
import { AppHeader } from './app-header';

/** A signed-in page: top bar with the product mark and page actions, then a titled main area. */
export function PageLayout({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="min-h-screen">
      <AppHeader>{actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}</AppHeader>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {children}
      </main>
    </div>
  );
}
