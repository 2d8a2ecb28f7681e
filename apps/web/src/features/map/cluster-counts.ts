import type { Map as MapLibreMap } from 'maplibre-gl';

/** The image id a cluster's count is drawn with: `cluster-count-<abbreviated count>` ("12", "1.2k"). */
export const CLUSTER_COUNT_IMAGE = ['concat', 'cluster-count-', ['get', 'point_count_abbreviated']] as const;
const PREFIX = 'cluster-count-';
const PIXEL_RATIO = 2;

/** A count as white bold text with a dark halo, on a transparent image the size of the text. */
function drawCount(text: string): ImageData | null {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  const font = `700 ${12 * PIXEL_RATIO}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  context.font = font;
  const halo = 2 * PIXEL_RATIO;
  canvas.width = Math.ceil(context.measureText(text).width) + 2 * halo;
  canvas.height = 16 * PIXEL_RATIO + 2 * halo;
  // Resizing the canvas reset its state.
  context.font = font;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  context.lineWidth = halo;
  context.strokeStyle = 'rgba(0, 0, 0, 0.75)';
  context.strokeText(text, canvas.width / 2, canvas.height / 2);
  context.fillStyle = '#ffffff';
  context.fillText(text, canvas.width / 2, canvas.height / 2);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * Draws cluster counts as images when the map asks for them. Text in a style
 * needs a glyph server, which the offline base map has none of and another
 * provider's style may not share fonts with; an image drawn by the browser
 * needs neither.
 */
export function provideClusterCounts(map: MapLibreMap) {
  map.on('styleimagemissing', ({ id }: { id: string }) => {
    if (!id.startsWith(PREFIX) || map.hasImage(id)) return;
    const image = drawCount(id.slice(PREFIX.length));
    if (image) map.addImage(id, image, { pixelRatio: PIXEL_RATIO });
  });
}
