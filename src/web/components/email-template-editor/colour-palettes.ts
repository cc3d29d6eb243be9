// The editor's palettes (14 text colours, 8 highlight colours: docs/product.md §Constants). Hex values, because
// email clients render inline `color`/`background-color` styles reliably and CSS variables not at all.

export interface NamedColour {
  name: string;
  hex: string;
}

/** Dark enough to read on white: every text colour keeps at least 4.5:1 contrast on #ffffff. */
export const TEXT_COLOURS: readonly NamedColour[] = [
  { name: 'Black', hex: '#000000' },
  { name: 'Charcoal', hex: '#374151' },
  { name: 'Gray', hex: '#4b5563' },
  { name: 'Red', hex: '#dc2626' },
  { name: 'Dark Red', hex: '#991b1b' },
  { name: 'Orange', hex: '#c2410c' },
  { name: 'Brown', hex: '#92400e' },
  { name: 'Green', hex: '#15803d' },
  { name: 'Dark Green', hex: '#166534' },
  { name: 'Teal', hex: '#0f766e' },
  { name: 'Blue', hex: '#2563eb' },
  { name: 'Navy', hex: '#1e3a8a' },
  { name: 'Purple', hex: '#7c3aed' },
  { name: 'Pink', hex: '#be185d' },
];

/** Light enough that black text stays readable on top of them. */
export const HIGHLIGHT_COLOURS: readonly NamedColour[] = [
  { name: 'Yellow', hex: '#fef08a' },
  { name: 'Green', hex: '#bbf7d0' },
  { name: 'Blue', hex: '#bfdbfe' },
  { name: 'Purple', hex: '#e9d5ff' },
  { name: 'Pink', hex: '#fbcfe8' },
  { name: 'Red', hex: '#fecaca' },
  { name: 'Orange', hex: '#fed7aa' },
  { name: 'Gray', hex: '#e5e7eb' },
];
