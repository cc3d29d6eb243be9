import type { ReactNode } from 'react';
import { AppHeader } from './app-header';

/** A signed-in page: top bar with the product mark and page actions, then a titled main area (`centred`: title centred over a centred card). */
export function PageLayout({
  title,
  description,
  actions,
  centred = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  centred?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="min-h-screen">
      <AppHeader>{actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}</AppHeader>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className={centred ? 'mb-6 space-y-1 text-center' : 'mb-6 space-y-1'}>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {children}
      </main>
    </div>
  );
}
