const BASE64_SVG_PREFIX = 'data:image/svg+xml;base64,';

/**
 * The SVG markup of a category icon as the server answers it (a base64 data
 * URL), so the form can show, keep and send it back as markup; null when it is
 * not one.
 */
export function svgMarkupOfDataUrl(value: string | null): string | null {
  if (!value) return null;
  if (value.trimStart().startsWith('<')) return value;
  if (!value.startsWith(BASE64_SVG_PREFIX)) return null;
  try {
    const binary = atob(value.slice(BASE64_SVG_PREFIX.length));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

/** Whether pasted text looks like SVG markup (the server sanitises it; this only catches an obvious slip). */
export function looksLikeSvg(text: string): boolean {
  return /^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text.trim());
}
