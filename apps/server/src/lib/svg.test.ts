import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg.ts';

describe('sanitizeSvg', () => {
  it('keeps the drawing and drops scripts, handlers, foreign objects and outside links', () => {
    const clean = sanitizeSvg(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)">
        <script>alert(1)</script><foreignObject><div>html</div></foreignObject>
        <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
        <path d="M0 0L24 24" style="fill:url(#g);stroke:url(javascript:alert(1))"/>
        <a href="javascript:alert(1)"><circle cx="5" cy="5" r="3"/></a>
        <use href="https://evil.example/x.svg#a"/><use xlink:href="#g"/></svg>`,
    );
    expect(clean).not.toBeNull();
    expect(clean).toContain('<path d="M0 0L24 24"');
    expect(clean).toContain('<circle');
    expect(clean).toContain('stop-color="#f00"');
    expect(clean).toContain('xlink:href="#g"');
    expect(clean).not.toMatch(/script|onload|javascript|foreignObject|evil|<a[\s>]|html/);
  });

  it('adds the namespace an image needs when the markup leaves it out', () => {
    expect(sanitizeSvg('<svg viewBox="0 0 10 10"><rect width="10" height="10"/></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" /></svg>',
    );
  });

  it.each([
    ['plain text', 'um ícone'],
    ['HTML', '<p>ícone</p>'],
    ['a script alone', '<script>alert(1)</script>'],
    ['drawing without an svg root', '<g><path d="M0 0L1 1"/></g>'],
  ])('refuses %s', (_case, markup) => {
    expect(sanitizeSvg(markup)).toBeNull();
  });
});
