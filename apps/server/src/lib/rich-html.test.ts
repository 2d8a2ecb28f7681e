import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from './rich-html.ts';

const DATA_HTML = 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==';
const DATA_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('sanitizeRichHtml', () => {
  it('keeps links to web pages, mail addresses and the platform itself', () => {
    const html =
      '<p><a href="https://www.porto.pt/mobilidade">Porto</a> <a href="http://example.org">site</a> ' +
      '<a href="mailto:mobilidade@porto.pt">email</a> <a href="/help/12">ajuda</a> <a href="#topo">topo</a></p>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it('drops data:, javascript: and other schemes from links, keeping their text', () => {
    for (const href of [DATA_HTML, 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'vbscript:x', 'file:///etc/passwd']) {
      const clean = sanitizeRichHtml(`<p><a href="${href}">abrir</a></p>`);
      expect(clean, href).toBe('<p><a>abrir</a></p>');
    }
  });

  it("keeps the help articles' uploaded images and web images, and refuses images written into the page", () => {
    const kept = '<p><img src="/api/help/images/7" alt="Mapa" /><img src="https://example.org/a.png" /></p>';
    expect(sanitizeRichHtml(kept)).toBe(kept);
    expect(sanitizeRichHtml(`<p><img src="${DATA_PNG}" alt="x" /></p>`)).toBe('<p></p>');
    expect(sanitizeRichHtml('<p><img src="data:image/svg+xml,<svg onload=alert(1)>" /></p>')).toBe('<p></p>');
  });
});
