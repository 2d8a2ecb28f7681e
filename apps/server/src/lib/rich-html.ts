import sanitizeHtml from 'sanitize-html';

/**
 * HTML that staff write and everyone's browser renders (dashboard highlights,
 * HTML widgets, help articles): formatting, headings, lists, links, images and
 * tables survive; scripts, event handlers and styles do not. Links go to
 * http(s), mailto or an address without a scheme, images to http(s) or an
 * address without a scheme (the same-origin images uploaded for help articles,
 * /api/help/images/<id>): never data: or javascript:, and an image left
 * without its source goes. Security-relevant.
 */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  }).trim();
}

/** Whether sanitised HTML shows anything: some text, an image or a table, not just empty paragraphs. */
export function hasVisibleContent(html: string): boolean {
  if (/<(img|table|hr)\b/i.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
