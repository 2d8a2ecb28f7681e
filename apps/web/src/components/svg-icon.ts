const BASE64_SVG_PREFIX = 'data:image/svg+xml;base64,';

/** An SVG icon as an image: markup shown through <img> can never run, whatever it holds. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The SVG markup of an icon the server answers as a base64 data URL (event
 * categories), so a form can show, keep and send it back as markup; markup
 * stays as it is; null for anything else.
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
