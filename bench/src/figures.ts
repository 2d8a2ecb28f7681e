import type { TChildServer } from './processes.ts';

/** A goal and which side of it is good. */
export type TGoal = { atMost: number } | { atLeast: number };

export interface TFigureGroupResult {
  figures: Record<string, number>;
  /** Goals for some of the figures, by figure name. */
  goals: Record<string, TGoal>;
}

/** What the figure groups share: where the database lives and the platform once it runs. */
export interface TBenchContext {
  dataDir: string;
  /** The running platform, started by the startup group and reused by the others. */
  platform: TChildServer | null;
}

/** One file's worth of figures; run.ts runs them in order. */
export interface TFigureGroup {
  name: string;
  run: (context: TBenchContext) => Promise<TFigureGroupResult>;
}

export function meetsGoal(value: number, goal: TGoal): boolean {
  return 'atMost' in goal ? value <= goal.atMost : value >= goal.atLeast;
}

export function goalValue(goal: TGoal): number {
  return 'atMost' in goal ? goal.atMost : goal.atLeast;
}
