import type { THelpPage } from './types.ts';

export const SETTINGS_HELP: THelpPage[] = [];
