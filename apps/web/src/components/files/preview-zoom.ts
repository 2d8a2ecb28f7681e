/** Spec 001 §9: PDF zoom from 0.1 to 8. */
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 8;
export const ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4, 6, 8] as const;

export function nextZoom(current: number): number {
  return ZOOM_STEPS.find((step) => step > current + 1e-9) ?? ZOOM_MAX;
}

export function previousZoom(current: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < current - 1e-9) ?? ZOOM_MIN;
}
