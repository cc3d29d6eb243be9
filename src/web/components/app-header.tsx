import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from './brand';

/** The signed-in top bar: the product mark (a link to the dashboard), then the page's controls. */
export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b bg-card">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <Link href="/dashboard" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <Brand />
        </Link>
        {children}
      </div>
    </header>
  );
}
