import type { THelpPage } from './types.ts';

export const EVENT_HELP: THelpPage[] = [];
