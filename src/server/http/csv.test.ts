import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['plain', '"plain"'],
    ['a "quoted", word', '"a ""quoted"", word"'],
    ['line\nbreak', '"line\nbreak"'],
  ])('renders %j safely as %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('renders missing values as empty cells and numbers as text', () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(30.42)).toBe('"30.42"');
  });
});

describe('toCsv', () => {
  it('writes a BOM, the header and CRLF-terminated rows', () => {
    expect(toCsv(['A', 'B'], [['1', '=2']])).toBe('\uFEFF"A","B"\r\n"1","\'=2"\r\n');
  });
});
