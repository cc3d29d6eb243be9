import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageSpinner } from '@/components/ui/spinner';
import indexHtml from './index.html?raw';

describe('index.html', () => {
  // The page paints this before the scripts run; React then renders the same spinner in its place
  // (docs/architecture.md §Web performance). Were they to differ, the swap would show.
  it('holds in its root element the page spinner the app renders first', () => {
    const root = /<div id="root">(.*)<\/div>\s*<script/s.exec(indexHtml)?.[1];
    expect(root).toBe(renderToStaticMarkup(<PageSpinner />));
  });
});
