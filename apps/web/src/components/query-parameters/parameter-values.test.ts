import { describe, expect, it } from 'vitest';
import {
  countGivenParameters,
  givenParameterValues,
  initialParameterValues,
  openParameters,
  parameterValueErrors,
  toNumericParameter,
} from './parameter-values';

const status = { variableName: 'estados', type: 'EVENT_STATUS', mandatory: false, multiple: true } as const;
const since = { variableName: 'desde', type: 'DATE', mandatory: true, multiple: false } as const;
const onlyOpen = { variableName: 'abertas', type: 'OPTIONAL', mandatory: false, multiple: false } as const;
const flag = { variableName: 'publica', type: 'BOOLEAN', mandatory: true, multiple: false } as const;

describe('parameter values', () => {
  it('leaves to the viewer only the parameters the widget has not fixed', () => {
    expect(openParameters([status, since], { estados: ['OPEN'] })).toEqual([since]);
    // An empty list or a switch left off fixes nothing.
    expect(openParameters([status, onlyOpen], { estados: [], abertas: false })).toEqual([status, onlyOpen]);
  });

  it('starts with no values, except a mandatory yes/no, which a switch shows as no', () => {
    expect(initialParameterValues([status, since, flag])).toEqual({ estados: [], desde: null, publica: false });
  });

  it('asks for a missing mandatory value and refuses a future date', () => {
    expect(parameterValueErrors([status, since], { estados: [] })).toEqual({ desde: 'MISSING_PARAMETER' });
    expect(parameterValueErrors([since], { desde: '2999-01-01' })).toEqual({ desde: 'INVALID_PARAMETER' });
    expect(parameterValueErrors([since], { desde: '2024-02-29' })).toEqual({});
  });

  it('sends only the values given, and counts them for the filter badge', () => {
    const values = { estados: [], desde: '2024-01-01', abertas: false, publica: false };
    expect(givenParameterValues([status, since, onlyOpen, flag], values)).toEqual({
      desde: '2024-01-01',
      publica: false,
    });
    expect(countGivenParameters([status, since, onlyOpen, flag], values)).toBe(2);
  });

  it('reads an emptied number field as no value', () => {
    expect(toNumericParameter('')).toBeNull();
    expect(toNumericParameter(12)).toBe(12);
  });
});
