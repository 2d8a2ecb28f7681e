import type { THelpPage } from './types.ts';

export const ACCOUNT_HELP: THelpPage[] = [];
