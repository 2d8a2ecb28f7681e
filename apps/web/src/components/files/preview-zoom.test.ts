import { describe, expect, it } from 'vitest';
import { nextZoom, previousZoom, ZOOM_MAX, ZOOM_MIN } from './preview-zoom';

describe('preview zoom', () => {
  it('steps up and down between 0.1 and 8 and stays inside', () => {
    expect(nextZoom(1)).toBe(1.25);
    expect(previousZoom(1)).toBe(0.75);
    expect(nextZoom(ZOOM_MAX)).toBe(ZOOM_MAX);
    expect(previousZoom(ZOOM_MIN)).toBe(ZOOM_MIN);
    let zoom = 1;
    for (let i = 0; i < 20; i++) zoom = nextZoom(zoom);
    expect(zoom).toBe(8);
    for (let i = 0; i < 20; i++) zoom = previousZoom(zoom);
    expect(zoom).toBe(0.1);
  });

  it('goes to the nearest step from a value between steps', () => {
    expect(nextZoom(1.1)).toBe(1.25);
    expect(previousZoom(1.1)).toBe(1);
  });
});
