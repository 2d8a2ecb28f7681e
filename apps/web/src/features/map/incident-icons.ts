import type { Map as MapLibreMap } from 'maplibre-gl';
import { INCIDENT_COLOURS, type TIncidentKind } from './incident-layers';

const WIDTH = 40;
const HEIGHT = 24;

export type TArrowKind = 'one' | 'both';
export const arrowImageId = (arrow: TArrowKind, kind: TIncidentKind) => `incident-arrow-${arrow}-${kind}`;

/**
 * An arrow pointing along +x (a line-placed symbol turns it along the line's direction), or a double
 * one for both directions, in the incident's colour with a white rim so it reads on the line itself.
 */
function drawArrow(arrow: TArrowKind, colour: string): ImageData | null {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return null;
  const mid = HEIGHT / 2;
  context.beginPath();
  if (arrow === 'one') {
    context.moveTo(6, 4);
    context.lineTo(WIDTH - 6, mid);
    context.lineTo(6, HEIGHT - 4);
    context.lineTo(13, mid);
  } else {
    context.moveTo(4, mid);
    context.lineTo(16, 4);
    context.lineTo(14, mid);
    context.lineTo(16, HEIGHT - 4);
    context.closePath();
    context.moveTo(WIDTH - 4, mid);
    context.lineTo(WIDTH - 16, 4);
    context.lineTo(WIDTH - 14, mid);
    context.lineTo(WIDTH - 16, HEIGHT - 4);
  }
  context.closePath();
  context.lineJoin = 'round';
  context.lineWidth = 3;
  context.strokeStyle = '#ffffff';
  context.stroke();
  context.fillStyle = colour;
  context.fill();
  return context.getImageData(0, 0, WIDTH, HEIGHT);
}

const ARROW_IMAGE = /^incident-arrow-(one|both)-(EVENT|FUTURE_EVENT)$/;

function addArrow(map: MapLibreMap, id: string) {
  const match = ARROW_IMAGE.exec(id);
  if (!match || map.hasImage(id)) return;
  const image = drawArrow(match[1] as TArrowKind, INCIDENT_COLOURS[match[2] as TIncidentKind]);
  if (image) map.addImage(id, image, { pixelRatio: 1.5 });
}

/**
 * The direction arrows: added at once (the first incidents may have been laid out before the map's
 * load event, when no one was listening yet), and again whenever a new style asks for them, since a
 * style change drops every image.
 */
export function provideIncidentIcons(map: MapLibreMap) {
  for (const arrow of ['one', 'both'] as const)
    for (const kind of ['EVENT', 'FUTURE_EVENT'] as const) addArrow(map, arrowImageId(arrow, kind));
  map.on('styleimagemissing', ({ id }: { id: string }) => addArrow(map, id));
}
