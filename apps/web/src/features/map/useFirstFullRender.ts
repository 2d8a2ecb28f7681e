import { useEffect, useRef } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';

/**
 * The user-timing mark of the map home's first full render: the map's first `idle` (every source loaded,
 * every tile drawn, no transition running) once the groups and the map answer are on it. The bench reads
 * it (performance.getEntriesByName) as what a visitor waits for before the map is whole.
 */
export const MAP_FIRST_FULL_RENDER_MARK = 'mip:map-first-full-render';

/** What the watch needs of a MapLibre map once its data is on it. */
export interface TWatchedMap {
  once(type: 'idle', listener: () => void): unknown;
  /** Style and sources loaded, nothing added or changed since (MapLibre's `loaded()`). */
  loaded(): boolean;
}

/**
 * Follows a map's frames from its first one (`onRender`, `onIdle`: the map's own events, given to it as it is
 * made), so that once its data is on it the first full render can be told without drawing anything more.
 * MapLibre ends every frame either with another one to come (tiles loading, a fade, a change) or with
 * `idle`: when the data's layers were added before the map's last frame and that frame ended in `idle`, that
 * `idle` was the first full render; otherwise the next `idle` is. (The page used to ask for one more frame to
 * be sure of an `idle` to come: a whole frame of work for nothing — 0.2 s in software WebGL at 4× CPU
 * throttle — and a mark that came a frame late.)
 */
export class FirstFullRenderWatch {
  private lastRenderAt = -1;
  private lastIdleAt = -1;
  private isMarked = false;
  private readonly now: () => number;
  private readonly mark: (startTime: number) => void;

  constructor(
    now: () => number = () => performance.now(),
    mark: (startTime: number) => void = (startTime) => performance.mark(MAP_FIRST_FULL_RENDER_MARK, { startTime }),
  ) {
    this.now = now;
    this.mark = mark;
  }

  readonly onRender = () => {
    this.lastRenderAt = this.now();
  };

  readonly onIdle = () => {
    this.lastIdleAt = this.now();
  };

  /** The data is on the map (its layers added): marks the first full render, at once if the map is at rest with it. */
  dataOnMap(map: TWatchedMap): void {
    if (this.isMarked) return;
    this.isMarked = true;
    const isAtRest = map.loaded() && this.lastIdleAt >= 0 && this.lastIdleAt >= this.lastRenderAt;
    if (isAtRest) this.mark(this.lastIdleAt);
    else map.once('idle', () => this.mark(this.now()));
  }
}

/**
 * Marks the first full render once `isDataOnMap`: the map has loaded and its data arrived. Answers the
 * handlers the map must be made with (its `onRender` and `onIdle`).
 */
export function useFirstFullRender(
  mapRef: { current: MapRef | null },
  isDataOnMap: boolean,
): Pick<FirstFullRenderWatch, 'onRender' | 'onIdle'> {
  const watch = useRef<FirstFullRenderWatch | null>(null);
  watch.current ??= new FirstFullRenderWatch();
  useEffect(() => {
    const map = mapRef.current?.getMap();
    // Run after the data's layers were added (children's effects run first): a change they made is a frame
    // still to come, and MapLibre's `loaded()` says so.
    if (map && isDataOnMap) watch.current?.dataOnMap(map);
  }, [mapRef, isDataOnMap]);
  return watch.current;
}
