import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_COLOURS, TEXT_COLOURS, type NamedColour } from './colour-palettes';

// WCAG 2 relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function expectDistinctHexColours(palette: readonly NamedColour[]) {
  for (const colour of palette) expect(colour.hex).toMatch(/^#[0-9a-f]{6}$/);
  expect(new Set(palette.map((c) => c.hex)).size).toBe(palette.length);
  expect(new Set(palette.map((c) => c.name)).size).toBe(palette.length);
}

describe('editor palettes', () => {
  it('offer 14 named text colours, each readable on a white email body', () => {
    expect(TEXT_COLOURS).toHaveLength(14);
    expectDistinctHexColours(TEXT_COLOURS);
    for (const colour of TEXT_COLOURS) expect(contrast(colour.hex, '#ffffff'), colour.name).toBeGreaterThanOrEqual(4.5);
  });

  it('offer 8 named highlight colours that keep black text readable', () => {
    expect(HIGHLIGHT_COLOURS).toHaveLength(8);
    expectDistinctHexColours(HIGHLIGHT_COLOURS);
    for (const colour of HIGHLIGHT_COLOURS) expect(contrast(colour.hex, '#000000'), colour.name).toBeGreaterThanOrEqual(7);
  });
});
