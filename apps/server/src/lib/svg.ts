import { Resvg } from '@resvg/resvg-js';
import sanitizeHtml from 'sanitize-html';

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'symbol',
  'use',
  'title',
  'desc',
  'text',
  'tspan',
];

const SVG_ATTRIBUTES = [
  'id',
  'class',
  'xmlns',
  'xmlns:xlink',
  'version',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'transform',
  'preserveAspectRatio',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'clip-path',
  'mask',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'href',
  'xlink:href',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'style',
];

/** Only paint properties, and url() only to a fragment of the same image. */
const SAFE_STYLE_VALUE = /^(?:[^()]*|url\(#[\w-]+\))$/;
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'stop-color',
  'stop-opacity',
  'display',
  'font-family',
  'font-size',
  'font-weight',
];

/**
 * Security-relevant: icons come from users and are shown to every visitor of
 * the public map. Scripts, event handlers, foreign objects, external
 * references and anything but drawing elements are removed, and the result
 * must still be an SVG image that renders; otherwise null.
 */
export function sanitizeSvg(markup: string): string | null {
  const clean = sanitizeHtml(markup, {
    allowedTags: SVG_TAGS,
    allowedAttributes: Object.fromEntries(SVG_TAGS.map((tag) => [tag, SVG_ATTRIBUTES])),
    allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [SAFE_STYLE_VALUE]])) },
    // Links may only point inside the image (`#id`); a scheme of any kind is dropped.
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowProtocolRelative: false,
    exclusiveFilter: (frame) =>
      (frame.tag === 'use' || frame.tag === 'linearGradient' || frame.tag === 'radialGradient') &&
      [frame.attribs.href, frame.attribs['xlink:href']].some((ref) => ref !== undefined && !ref.startsWith('#')),
    // Only childless drawing elements close themselves; containers keep their children.
    selfClosing: ['path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'stop', 'use'],
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'option', 'noscript'],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  }).trim();
  if (!/^<svg[\s>]/.test(clean)) return null;
  // Without its namespace an SVG shows nothing as an image: icons drawn by hand often leave it out.
  const rootTag = clean.slice(0, clean.indexOf('>') + 1);
  let svg = rootTag.includes('xmlns=') ? clean : clean.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  if (svg.includes('xlink:') && !rootTag.includes('xmlns:xlink=')) {
    svg = svg.replace(/^<svg/, '<svg xmlns:xlink="http://www.w3.org/1999/xlink"');
  }
  try {
    const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: 16 } }).render();
    return rendered.width > 0 ? svg : null;
  } catch {
    return null;
  }
}
