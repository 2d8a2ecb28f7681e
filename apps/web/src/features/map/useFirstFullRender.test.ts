import { describe, expect, it } from 'vitest';
import { FirstFullRenderWatch, type TWatchedMap } from './useFirstFullRender';

/** A map as the watch sees it: frames it is told of, `loaded()` as set, `idle` listeners waiting. */
function fakeMap(isLoaded: boolean) {
  const waiting: (() => void)[] = [];
  const map: TWatchedMap & { isLoaded: boolean } = {
    isLoaded,
    loaded: () => map.isLoaded,
    once: (_type, listener) => waiting.push(listener),
  };
  return { map, waiting };
}

function watchAt(clock: { now: number }) {
  const marks: number[] = [];
  const watch = new FirstFullRenderWatch(
    () => clock.now,
    (startTime) => marks.push(startTime),
  );
  return { watch, marks };
}

describe('FirstFullRenderWatch', () => {
  it("marks the map's last idle when the data was drawn before it, without waiting for another frame", () => {
    const clock = { now: 0 };
    const { watch, marks } = watchAt(clock);
    const { map, waiting } = fakeMap(true);
    clock.now = 3_700;
    watch.onRender();
    watch.onIdle();
    clock.now = 3_900;
    watch.dataOnMap(map);
    expect(marks).toEqual([3_700]);
    expect(waiting).toHaveLength(0);
  });

  it('waits for the next idle when the data just changed the map (not loaded)', () => {
    const clock = { now: 0 };
    const { watch, marks } = watchAt(clock);
    const { map, waiting } = fakeMap(false);
    clock.now = 3_700;
    watch.onRender();
    watch.onIdle();
    watch.dataOnMap(map);
    expect(marks).toEqual([]);
    clock.now = 4_100;
    watch.onRender();
    watch.onIdle();
    for (const listener of waiting) listener();
    expect(marks).toEqual([4_100]);
  });

  it('waits for the next idle when the last frame did not end in one (tiles loading, a fade)', () => {
    const clock = { now: 0 };
    const { watch, marks } = watchAt(clock);
    const { map, waiting } = fakeMap(true);
    clock.now = 3_700;
    watch.onRender();
    watch.onIdle();
    clock.now = 3_800;
    watch.onRender();
    watch.dataOnMap(map);
    expect(marks).toEqual([]);
    expect(waiting).toHaveLength(1);
  });

  it('waits for the first idle when the map has had none yet, and marks only once', () => {
    const clock = { now: 0 };
    const { watch, marks } = watchAt(clock);
    const { map, waiting } = fakeMap(true);
    watch.dataOnMap(map);
    watch.dataOnMap(map);
    expect(waiting).toHaveLength(1);
    clock.now = 2_500;
    waiting[0]();
    expect(marks).toEqual([2_500]);
  });
});
