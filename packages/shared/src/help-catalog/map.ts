import type { THelpPage } from './types.ts';

export const MAP_HELP: THelpPage[] = [];
