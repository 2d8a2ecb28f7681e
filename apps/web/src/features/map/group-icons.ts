import type { Map as MapLibreMap } from 'maplibre-gl';
import { API_BASE } from '../../api/client';

const ICON_PIXELS = 48;
const loaded = new Map<number, Promise<ImageData>>();

/** The group's SVG icon (GET /mobility-system-groups/{id}/icon) drawn at 2× for the map. */
function loadIcon(groupId: number): Promise<ImageData> {
  let pending = loaded.get(groupId);
  if (!pending) {
    pending = new Promise<ImageData>((resolve, reject) => {
      const image = new Image(ICON_PIXELS, ICON_PIXELS);
      image.onload = () => {
        const canvas = document.createElement('canvas');
        canvas.width = ICON_PIXELS;
        canvas.height = ICON_PIXELS;
        const context = canvas.getContext('2d');
        if (!context) return reject(new Error('no 2d canvas'));
        context.drawImage(image, 0, 0, ICON_PIXELS, ICON_PIXELS);
        resolve(context.getImageData(0, 0, ICON_PIXELS, ICON_PIXELS));
      };
      image.onerror = () => reject(new Error(`icon of group ${groupId} did not load`));
      image.src = `${API_BASE}mobility-system-groups/${groupId}/icon`;
    });
    pending.catch(() => loaded.delete(groupId));
    loaded.set(groupId, pending);
  }
  return pending;
}

/**
 * Adds group icons as the style asks for them: a style change drops every image, and this brings them
 * back without the layers knowing.
 */
export function provideGroupIcons(map: MapLibreMap) {
  map.on('styleimagemissing', ({ id }: { id: string }) => {
    const groupId = /^group-icon-(\d+)$/.exec(id)?.[1];
    if (!groupId) return;
    loadIcon(Number(groupId)).then(
      (image) => {
        if (!map.hasImage(id)) map.addImage(id, image, { pixelRatio: 2 });
      },
      () => {
        // No icon: the circle underneath still marks the stop.
      },
    );
  });
}
