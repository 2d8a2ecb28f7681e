import type { THelpPage } from './types.ts';

export const MY_ENTITY_HELP: THelpPage[] = [];
