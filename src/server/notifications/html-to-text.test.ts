import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text.js';

describe('htmlToText', () => {
  it('separates paragraphs and headings by a blank line and keeps <br> as a line break', () => {
    expect(htmlToText('<h2>Title</h2><p>One<br />two</p><p>Three</p>')).toBe('Title\n\nOne\ntwo\n\nThree\n');
  });

  it('writes bullet and numbered lists (numbers indented by one space, as html-to-text writes them), honouring an ordered list start', () => {
    expect(htmlToText('<ul><li><p>a</p></li><li><p>b</p></li></ul><ol start="4"><li><p>c</p></li><li>d</li></ol><p>end</p>')).toBe(
      '- a\n- b\n\n 4. c\n 5. d\n\nend\n',
    );
  });

  it('writes a link with its address unless the text already is the address', () => {
    expect(
      htmlToText(
        '<p><a href="https://x.example/a?b=1&amp;c=2">portal</a>, <a href="https://x.example">https://x.example</a>, <a ' +
          'href="mailto:it@x.example">it@x.example</a></p>',
      ),
    ).toBe('portal (https://x.example/a?b=1&c=2), https://x.example, it@x.example\n');
  });

  it('decodes entities and collapses whitespace', () => {
    expect(htmlToText('<p>Tom &amp; Jerry &lt;3   &quot;x&quot;\n  y&#39;s &#x263A; &hellip; &euro;</p>')).toBe('Tom & Jerry <3 "x" y\'s ☺ … €\n');
  });

  it('drops formatting tags but keeps their text', () => {
    expect(htmlToText('<p><strong>bold</strong> <span style="color:red">red</span> <mark>hi</mark></p>')).toBe('bold red hi\n');
  });

  it('keeps every script as written and never wraps a line', () => {
    const japanese = 'パスワードの有効期限が近づいています。'.repeat(10);
    expect(htmlToText(`<p>${japanese}</p><p>Grüße, Łukasz — مرحبا — שלום</p>`)).toBe(`${japanese}\n\nGrüße, Łukasz — مرحبا — שלום\n`);
  });
});
