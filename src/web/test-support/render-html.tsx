import type { ReactNode } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { Tenant } from '../../shared/api/tenants';
import { AppProviders } from '@/app/app';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';
import { createSelectedTenantStore } from '@/lib/tenant-store';

// Server-side rendering: the first paint of a screen, with cached query data standing in for the
// server. Effects do not run, so nothing is fetched.

export function renderHtml(
  element: ReactNode,
  {
    path = '/',
    queryData = [],
    selected,
    queryClient = createQueryClient(),
  }: { path?: string; queryData?: [QueryKey, unknown][]; selected?: Tenant; queryClient?: QueryClient } = {},
): string {
  for (const [key, data] of queryData) queryClient.setQueryData(key, data);
  const tenantStore = createSelectedTenantStore(null);
  if (selected) tenantStore.setSelectedTenant(selected);
  return renderToString(
    <AppProviders queryClient={queryClient} tenantStore={tenantStore}>
      {/* The signed-in routes provide tooltips; the screens rendered here are theirs. */}
      <TooltipProvider>
        <Router ssrPath={path}>{element}</Router>
      </TooltipProvider>
    </AppProviders>,
  );
}

/** Visible text with tags removed and whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/\s([.,;:!?])/g, '$1')
    .trim();
}

function elementTexts(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => textOf(match[2] ?? ''));
}

export const headings = (html: string) => elementTexts(html, /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g);
export const buttons = (html: string) => elementTexts(html, /<(button)\b[^>]*>([\s\S]*?)<\/button>/g);
export const links = (html: string) => elementTexts(html, /<(a)\b[^>]*>([\s\S]*?)<\/a>/g);

/** What a screen reader names each button: its aria-label, else its text (icon buttons carry a label). */
export const buttonNames = (html: string) =>
  [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map(
    ([, attributes = '', content = '']) => /aria-label="([^"]*)"/.exec(attributes)?.[1] ?? textOf(content),
  );

/** The href of the link whose text is `text`. */
export function hrefOf(html: string, text: string): string | undefined {
  for (const match of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
    if (textOf(match[2] ?? '') === text) return /href="([^"]*)"/.exec(match[1] ?? '')?.[1];
  }
  return undefined;
}
