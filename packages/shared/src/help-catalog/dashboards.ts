import type { THelpPage } from './types.ts';

export const DASHBOARD_HELP: THelpPage[] = [];
