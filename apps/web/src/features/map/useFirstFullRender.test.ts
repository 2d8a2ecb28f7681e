import { describe, expect, it } from 'vitest';
import { FirstFullRenderWatch, type TWatchedMap } from './useFirstFullRender';

/**
 * A watch on a map as the watch sees it (`loaded()` as given, `idle` listeners waiting), on a clock the test
 * moves; `frameAt` tells the watch of a frame, ending in `idle` or not.
 */
function watchedMap(isLoaded: boolean) {
  const clock = { now: 0 };
  const marks: number[] = [];
  const waiting: (() => void)[] = [];
  const map: TWatchedMap = { loaded: () => isLoaded, once: (_type, listener) => waiting.push(listener) };
  const watch = new FirstFullRenderWatch(
    () => clock.now,
    (startTime) => marks.push(startTime),
  );
  const frameAt = (now: number, isIdle = true) => {
    clock.now = now;
    watch.onRender();
    if (isIdle) watch.onIdle();
  };
  return { clock, marks, waiting, map, watch, frameAt };
}

describe('FirstFullRenderWatch', () => {
  it("marks the map's last idle when the data was drawn before it, without waiting for another frame", () => {
    const { clock, marks, waiting, map, watch, frameAt } = watchedMap(true);
    frameAt(3_700);
    clock.now = 3_900;
    watch.dataOnMap(map);
    expect(marks).toEqual([3_700]);
    expect(waiting).toHaveLength(0);
  });

  it('waits for the next idle when the data just changed the map (not loaded)', () => {
    const { marks, waiting, map, watch, frameAt } = watchedMap(false);
    frameAt(3_700);
    watch.dataOnMap(map);
    expect(marks).toEqual([]);
    frameAt(4_100);
    for (const listener of waiting) listener();
    expect(marks).toEqual([4_100]);
  });

  it('waits for the next idle when the last frame did not end in one (tiles loading, a fade)', () => {
    const { marks, waiting, map, watch, frameAt } = watchedMap(true);
    frameAt(3_700);
    frameAt(3_800, false);
    watch.dataOnMap(map);
    expect(marks).toEqual([]);
    expect(waiting).toHaveLength(1);
  });

  it('waits for the first idle when the map has had none yet, and marks only once', () => {
    const { clock, marks, waiting, map, watch } = watchedMap(true);
    watch.dataOnMap(map);
    watch.dataOnMap(map);
    expect(waiting).toHaveLength(1);
    clock.now = 2_500;
    waiting[0]();
    expect(marks).toEqual([2_500]);
  });
});
