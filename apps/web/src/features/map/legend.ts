import type { TMobilityGroupNode } from '@mip/shared';
import { DEFAULT_GROUP_COLOUR, type TGroupLayer } from './map-layers';

/** Past this many lines the legend names the networks instead: a region's hundreds of lines are no key. */
export const LEGEND_MAX_LINES = 12;

export interface TLegendSwatch {
  label: string;
  colour: string;
}

/**
 * The lines the map draws, each with its colour, once; or, when there are
 * more than a legend can hold (or a group is drawn from tiles, whose lines
 * the page does not have), the drawn groups with theirs.
 */
export function legendLines(
  layers: readonly TGroupLayer[],
  groups: ReadonlyMap<number, Pick<TMobilityGroupNode, 'name'>>,
): TLegendSwatch[] {
  const lines = new Map<string, TLegendSwatch>();
  for (const layer of layers) {
    for (const feature of layer.lines.features) {
      if (feature.properties.systemType !== 'ROUTE') continue;
      const colour = feature.properties.color ?? layer.colour;
      lines.set(`${feature.properties.name}|${colour}`, { label: feature.properties.name, colour });
    }
  }
  const isWhole = layers.every((layer) => !layer.tilesUrl);
  if (isWhole && lines.size > 0 && lines.size <= LEGEND_MAX_LINES) {
    return [...lines.values()].sort((a, b) => a.label.localeCompare(b.label, 'pt', { numeric: true }));
  }
  return layers.map((layer) => ({
    label: groups.get(layer.groupId)?.name ?? '',
    colour: layer.colour || DEFAULT_GROUP_COLOUR,
  }));
}
