import { describe, expect, it } from 'vitest';
import { looksLikeSvg, svgDataUrl, svgMarkupOfDataUrl } from './svg-icon';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>Obras é</title></svg>';
const toDataUrl = (text: string) =>
  `data:image/svg+xml;base64,${btoa(String.fromCharCode(...new TextEncoder().encode(text)))}`;

describe('svgMarkupOfDataUrl', () => {
  it('decodes the base64 data URL the server answers, accents included', () => {
    expect(svgMarkupOfDataUrl(toDataUrl(SVG))).toBe(SVG);
  });

  it('keeps markup as it is and refuses anything else', () => {
    expect(svgMarkupOfDataUrl(SVG)).toBe(SVG);
    expect(svgMarkupOfDataUrl(null)).toBeNull();
    expect(svgMarkupOfDataUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(svgMarkupOfDataUrl('data:image/svg+xml;base64,%%%')).toBeNull();
  });
});

describe('looksLikeSvg', () => {
  it('accepts SVG markup with or without an XML declaration or comment', () => {
    expect(looksLikeSvg(SVG)).toBe(true);
    expect(looksLikeSvg(`<?xml version="1.0"?>\n<!-- icon -->\n${SVG}`)).toBe(true);
  });

  it('refuses text that is not SVG', () => {
    expect(looksLikeSvg('<div>no</div>')).toBe(false);
    expect(looksLikeSvg('hello')).toBe(false);
  });
});

describe('svgDataUrl', () => {
  it('percent-encodes the markup into a data URL an <img> can show', () => {
    const url = svgDataUrl(SVG);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(SVG);
  });
});
