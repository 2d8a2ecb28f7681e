import { saveBlob } from '../../../api/download';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
/** PNGs are drawn at twice the screen size, so they stay sharp on slides and in print. */
const PNG_SCALE = 2;

/** A file name from a widget's title: letters, digits and dashes. */
export function chartFileName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'grafico';
}

/**
 * The chart's drawing as a standalone SVG document: Recharts draws into an
 * <svg>, which is copied with its size, a font and a white background, since
 * outside the page it inherits neither.
 */
export function serializeChart(svg: SVGSVGElement): { text: string; width: number; height: number } {
  const { width, height } = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', String(Math.round(width)));
  copy.setAttribute('height', String(Math.round(height)));
  copy.setAttribute('font-family', FONT);
  copy.removeAttribute('tabindex');
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#ffffff');
  copy.insertBefore(background, copy.firstChild);
  return { text: new XMLSerializer().serializeToString(copy), width, height };
}

/** The chart's own drawing: the largest Recharts surface (the legend's little swatches are surfaces too). */
function chartSvgIn(container: HTMLElement): SVGSVGElement {
  const area = (svg: SVGSVGElement) => {
    const { width, height } = svg.getBoundingClientRect();
    return width * height;
  };
  const [svg] = [...container.querySelectorAll<SVGSVGElement>('svg.recharts-surface')].sort(
    (a, b) => area(b) - area(a),
  );
  if (!svg) throw new Error('No chart to export');
  return svg;
}

export function exportChartSvg(container: HTMLElement, title: string): void {
  const { text } = serializeChart(chartSvgIn(container));
  saveBlob(new Blob([text], { type: 'image/svg+xml;charset=utf-8' }), `${chartFileName(title)}.svg`);
}

/** The same drawing as a PNG, painted through a canvas. */
export async function exportChartPng(container: HTMLElement, title: string): Promise<void> {
  const { text, width, height } = serializeChart(chartSvgIn(container));
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The chart could not be drawn'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * PNG_SCALE);
    canvas.height = Math.round(height * PNG_SCALE);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas');
    context.scale(PNG_SCALE, PNG_SCALE);
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('The chart could not be drawn');
    saveBlob(blob, `${chartFileName(title)}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}
