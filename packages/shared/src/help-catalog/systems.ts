import type { THelpPage } from './types.ts';

export const SYSTEM_HELP: THelpPage[] = [];
