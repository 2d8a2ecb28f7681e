import { RULE_EVIDENCE_READINGS, type TRuleAction, type TRuleCondition, type TRuleState } from '@mip/shared';

/**
 * The rule engine, without I/O: where a rule stands on one system, and what a
 * reading does to it. The bus listener and the "test against the last
 * readings" action both run readings through it, so what the test shows is
 * what the listener does.
 */

export type TEvalReading = { value: number; observedAt: number };

export type TRuleDefinition = { condition: TRuleCondition; clearCondition: TRuleCondition };

export type TRuleRunState = {
  /** An event the rule raised is open: the clear condition is watched, not the alarm's. */
  isOpen: boolean;
  /** Consecutive readings that met the watched condition, the first one's time and the latest few of them. */
  runCount: number;
  runSince: number | null;
  runReadings: TEvalReading[];
  lastValue: number | null;
  /** Readings observed at or before this were counted already. */
  lastObservedAt: number | null;
};

export type TRuleStep = {
  reading: TEvalReading;
  matches: boolean;
  /** Where the rule stands after the reading. */
  state: TRuleState;
  action: TRuleAction | null;
  /** The readings that made the action happen, oldest first. */
  evidence: TEvalReading[];
};

export const INITIAL_RULE_STATE: TRuleRunState = {
  isOpen: false,
  runCount: 0,
  runSince: null,
  runReadings: [],
  lastValue: null,
  lastObservedAt: null,
};

export function matchesCondition(condition: TRuleCondition, value: number): boolean {
  const { threshold } = condition;
  switch (condition.operator) {
    case 'GT':
      return value > threshold;
    case 'GTE':
      return value >= threshold;
    case 'LT':
      return value < threshold;
    case 'LTE':
      return value <= threshold;
    case 'EQ':
      return value === threshold;
    case 'NEQ':
      return value !== threshold;
  }
}

/** Whether a run of matching readings is long enough: by count, or by the time between its first and latest. */
function isHeld(condition: TRuleCondition, runCount: number, runSince: number, now: number): boolean {
  return condition.holdType === 'READINGS'
    ? runCount >= condition.holdValue
    : now - runSince >= condition.holdValue * 1000;
}

export function ruleStateOf(state: TRuleRunState): TRuleState {
  if (state.isOpen) return state.runCount > 0 ? 'CLEARING' : 'ACTIVE';
  return state.runCount > 0 ? 'TRIGGERING' : 'IDLE';
}

const NO_RUN: Pick<TRuleRunState, 'runCount' | 'runSince' | 'runReadings'> = {
  runCount: 0,
  runSince: null,
  runReadings: [],
};

/** One reading through the rule. A reading not newer than the last one counted changes nothing (redelivery). */
export function stepRule(
  rule: TRuleDefinition,
  state: TRuleRunState,
  reading: TEvalReading,
): { state: TRuleRunState; step: TRuleStep | null } {
  if (state.lastObservedAt !== null && reading.observedAt <= state.lastObservedAt) return { state, step: null };
  const watched = state.isOpen ? rule.clearCondition : rule.condition;
  const matches = matchesCondition(watched, reading.value);
  const last = { lastValue: reading.value, lastObservedAt: reading.observedAt };
  let next: TRuleRunState;
  let action: TRuleAction | null = null;
  let evidence: TEvalReading[] = [];
  if (!matches) {
    next = { ...state, ...NO_RUN, ...last };
  } else {
    const runCount = state.runCount + 1;
    const runSince = state.runSince ?? reading.observedAt;
    const runReadings = [...state.runReadings, reading].slice(-RULE_EVIDENCE_READINGS);
    if (isHeld(watched, runCount, runSince, reading.observedAt)) {
      action = state.isOpen ? 'RESOLVE' : 'OPEN';
      evidence = runReadings;
      next = { ...state, ...NO_RUN, ...last, isOpen: !state.isOpen };
    } else {
      next = { ...state, runCount, runSince, runReadings, ...last };
    }
  }
  return { state: next, step: { reading, matches, state: ruleStateOf(next), action, evidence } };
}

const isObservedInOrder = (readings: readonly TEvalReading[]) =>
  readings.every((reading, i) => i === 0 || readings[i - 1].observedAt <= reading.observedAt);

/**
 * Readings through the rule in the order they were observed; answers the new
 * state and a step per reading counted — or, with `actionsOnly` (the bus
 * listener, on every batch of every sensor), only the steps that open or
 * resolve an event.
 */
export function evaluateReadings(
  rule: TRuleDefinition,
  state: TRuleRunState,
  readings: readonly TEvalReading[],
  options: { actionsOnly?: boolean } = {},
): { state: TRuleRunState; steps: TRuleStep[] } {
  // A batch mostly arrives in order: sorting a copy of it anyway costs on every batch.
  const ordered = isObservedInOrder(readings) ? readings : [...readings].sort((a, b) => a.observedAt - b.observedAt);
  const steps: TRuleStep[] = [];
  let current = state;
  for (const reading of ordered) {
    const result = stepRule(rule, current, reading);
    current = result.state;
    if (result.step && (!options.actionsOnly || result.step.action)) steps.push(result.step);
  }
  return { state: current, steps };
}
