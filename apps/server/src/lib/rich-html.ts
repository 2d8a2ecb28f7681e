import sanitizeHtml from 'sanitize-html';

/**
 * HTML that staff write and everyone's browser renders (dashboard highlights,
 * HTML widgets): formatting, links, images and tables survive; scripts, event
 * handlers, styles and javascript: links do not. Security-relevant.
 */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'data'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  }).trim();
}
