import { useEffect, useRef } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';

/**
 * The user-timing mark of the map home's first full render: the map's first `idle` (every source loaded,
 * every tile drawn, no transition running) once the groups and the map answer are on it. The bench reads
 * it (performance.getEntriesByName) as what a visitor waits for before the map is whole.
 */
export const MAP_FIRST_FULL_RENDER_MARK = 'mip:map-first-full-render';

/** Marks the first full render once `isDataOnMap`: the map has loaded and its data arrived. */
export function useFirstFullRender(mapRef: { current: MapRef | null }, isDataOnMap: boolean) {
  const isWatching = useRef(false);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !isDataOnMap || isWatching.current) return;
    isWatching.current = true;
    // Registered after the layers of the data were added (children's effects run first): the next idle
    // comes only once their sources have loaded and drawn.
    map.once('idle', () => performance.mark(MAP_FIRST_FULL_RENDER_MARK));
    // A map already at rest draws no more frames, and so fires no more `idle`: when the data came before the
    // map had loaded, its layers were drawn with the first frames and the mark never came. One repaint
    // makes sure the next `idle` does.
    map.triggerRepaint();
  }, [mapRef, isDataOnMap]);
}
