export const HEADLESS_SHELL: string;
export const BROWSER: string;
export function findChromium(): string | null;
