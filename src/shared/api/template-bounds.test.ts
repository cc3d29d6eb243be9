import { describe, expect, it } from 'vitest';
import { measureTemplate } from './template-bounds.js';

describe('measureTemplate', () => {
  it('counts every tag, and nesting as a parser builds it', () => {
    expect(measureTemplate('<p>Hi <strong><em>there</em></strong></p><p>x</p>')).toEqual({ tags: 8, depth: 3, variables: 0 });
  });

  it('does not deepen for void elements, comments or end tags without a start tag', () => {
    expect(measureTemplate('<p>a<br>b<hr><!-- c --></x></p>').depth).toBe(1);
  });

  it('counts start tags left open, and an end tag closes up to its start tag', () => {
    expect(measureTemplate('<p><b><i><u>x</b>y').depth).toBe(4);
    // </b> closes <u> and <i> too: the three <s> open under <p>.
    expect(measureTemplate('<p><b><i>x</b><s><s><s>y').depth).toBe(4);
    expect(measureTemplate(`<p>${'<em></b>'.repeat(30)}`).depth).toBe(31);
  });

  it('counts the places a variable is filled in', () => {
    expect(measureTemplate('<p>{{userName}}, {{daysRemaining}} days ({{unknown}})</p>').variables).toBe(3);
  });
});
