import type { TRuleCondition } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import {
  evaluateReadings,
  INITIAL_RULE_STATE,
  matchesCondition,
  type TEvalReading,
  type TRuleDefinition,
} from './rule-evaluator.ts';

const MINUTE = 60_000;
const condition = (partial: Partial<TRuleCondition>): TRuleCondition => ({
  operator: 'GT',
  threshold: 30,
  holdType: 'READINGS',
  holdValue: 1,
  ...partial,
});
/** Readings one minute apart from t=0. */
const series = (...values: number[]): TEvalReading[] => values.map((value, i) => ({ value, observedAt: i * MINUTE }));
const actionsOf = (rule: TRuleDefinition, readings: TEvalReading[]) =>
  evaluateReadings(rule, INITIAL_RULE_STATE, readings).steps.map((step) => step.action);

describe('matchesCondition', () => {
  it('compares with the threshold by each operator', () => {
    expect(matchesCondition(condition({ operator: 'GT' }), 30)).toBe(false);
    expect(matchesCondition(condition({ operator: 'GTE' }), 30)).toBe(true);
    expect(matchesCondition(condition({ operator: 'LT' }), 29.9)).toBe(true);
    expect(matchesCondition(condition({ operator: 'LTE' }), 30.1)).toBe(false);
    expect(matchesCondition(condition({ operator: 'EQ' }), 30)).toBe(true);
    expect(matchesCondition(condition({ operator: 'NEQ' }), 30)).toBe(false);
  });
});

describe('evaluateReadings', () => {
  const byCount: TRuleDefinition = {
    condition: condition({ holdType: 'READINGS', holdValue: 3 }),
    clearCondition: condition({ operator: 'LTE', threshold: 25, holdType: 'READINGS', holdValue: 2 }),
  };

  it('opens after the number of consecutive readings and resolves on the clear condition', () => {
    expect(actionsOf(byCount, series(31, 32, 33, 34, 20, 21))).toEqual([null, null, 'OPEN', null, null, 'RESOLVE']);
  });

  it('starts counting again when a reading breaks the run', () => {
    expect(actionsOf(byCount, series(31, 32, 10, 33, 34))).toEqual([null, null, null, null, null]);
  });

  it('keeps one event open however long the condition holds (one open event per rule and system)', () => {
    const actions = actionsOf(byCount, series(31, 32, 33, 34, 35, 36, 37, 38, 39));
    expect(actions.filter((action) => action === 'OPEN')).toHaveLength(1);
  });

  it('opens by duration only once the condition has held that long', () => {
    const rule: TRuleDefinition = {
      condition: condition({ holdType: 'DURATION', holdValue: 5 * 60 }),
      clearCondition: condition({ operator: 'LT', threshold: 30, holdType: 'DURATION', holdValue: 0 }),
    };
    // Above 30 from minute 0: minute 5 completes the five minutes.
    expect(actionsOf(rule, series(31, 31, 31, 31, 31, 31, 29))).toEqual([
      null,
      null,
      null,
      null,
      null,
      'OPEN',
      'RESOLVE',
    ]);
  });

  it('hands over the readings that raised the event as evidence', () => {
    const { steps } = evaluateReadings(byCount, INITIAL_RULE_STATE, series(10, 31, 32, 33));
    expect(steps[3].evidence.map((reading) => reading.value)).toEqual([31, 32, 33]);
  });

  it('ignores readings already counted, so a redelivered batch changes nothing', () => {
    const first = evaluateReadings(byCount, INITIAL_RULE_STATE, series(31, 32, 33));
    const again = evaluateReadings(byCount, first.state, series(31, 32, 33));
    expect(again.steps).toEqual([]);
    expect(again.state).toEqual(first.state);
  });

  it('reads a batch in the order the readings were observed', () => {
    const shuffled = [...series(31, 32, 33)].reverse();
    expect(evaluateReadings(byCount, INITIAL_RULE_STATE, shuffled).state.isOpen).toBe(true);
    const onlyActions = evaluateReadings(byCount, INITIAL_RULE_STATE, shuffled, { actionsOnly: true });
    expect(onlyActions.steps.map((step) => step.action)).toEqual(['OPEN']);
  });

  it('resumes a run from a saved state as if it had never stopped', () => {
    const readings = series(31, 32, 33);
    const half = evaluateReadings(byCount, INITIAL_RULE_STATE, readings.slice(0, 2));
    const saved = JSON.parse(JSON.stringify(half.state));
    expect(evaluateReadings(byCount, saved, readings.slice(2)).steps[0].action).toBe('OPEN');
  });
});
