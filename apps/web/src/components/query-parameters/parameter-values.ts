import {
  CODE_PARAMETER_TYPES,
  hasParameterValue,
  ID_PARAMETER_TYPES,
  parameterValueError,
  type TParameterValue,
  type TParameterValueError,
  type TParameterValues,
  type TQueryParameterDefinition,
  type TQueryParameterType,
} from '@mip/shared';

type TDefinition = Pick<TQueryParameterDefinition, 'variableName' | 'type' | 'mandatory' | 'multiple'>;

/** Whether the type's values are picked from a list (ids or codes) rather than typed. */
export function isListedType(type: TQueryParameterType): boolean {
  return (
    (ID_PARAMETER_TYPES as readonly string[]).includes(type) ||
    (CODE_PARAMETER_TYPES as readonly string[]).includes(type)
  );
}

/** Whether the type's values are record ids (numbers), as opposed to codes (text). */
export function isIdType(type: TQueryParameterType): boolean {
  return (ID_PARAMETER_TYPES as readonly string[]).includes(type);
}

/**
 * Whether a value counts as given for its parameter: an OPTIONAL switch that
 * is off adds nothing, like an empty value.
 */
export function isParameterGiven(type: TQueryParameterType, value: TParameterValue | undefined): boolean {
  return hasParameterValue(value) && !(type === 'OPTIONAL' && value === false);
}

/**
 * The parameters a viewer still chooses: those the widget has not fixed a
 * value for (spec 001 §5: a filter button appears only when there are any).
 */
export function openParameters<T extends TDefinition>(definitions: readonly T[], fixed: TParameterValues): T[] {
  return definitions.filter((definition) => !isParameterGiven(definition.type, fixed[definition.variableName]));
}

/**
 * The values a form of these parameters starts with: none, except a
 * mandatory yes/no, which a switch shows as "no" and so must send as such.
 */
export function initialParameterValues(definitions: readonly TDefinition[]): TParameterValues {
  return Object.fromEntries(
    definitions.map((definition) => [
      definition.variableName,
      definition.type === 'BOOLEAN' && definition.mandatory ? false : definition.multiple ? [] : null,
    ]),
  );
}

/** The error code of each parameter whose value does not do, by variable name (the shared rules). */
export function parameterValueErrors(
  definitions: readonly TDefinition[],
  values: TParameterValues,
): Record<string, TParameterValueError> {
  const errors: Record<string, TParameterValueError> = {};
  for (const definition of definitions) {
    const error = parameterValueError(definition, values[definition.variableName]);
    if (error) errors[definition.variableName] = error;
  }
  return errors;
}

/** Only the values that were given, so a request carries no empty filters. */
export function givenParameterValues(definitions: readonly TDefinition[], values: TParameterValues): TParameterValues {
  const given: TParameterValues = {};
  for (const definition of definitions) {
    const value = values[definition.variableName];
    if (value !== undefined && isParameterGiven(definition.type, value)) given[definition.variableName] = value;
  }
  return given;
}

/** How many of these parameters have a value: what a filter button's badge counts. */
export function countGivenParameters(definitions: readonly TDefinition[], values: TParameterValues): number {
  return Object.keys(givenParameterValues(definitions, values)).length;
}

/** A number field's value as a parameter value: integers stay numbers; an empty field is no value. */
export function toNumericParameter(value: number | string): number | string | null {
  if (value === '' || value === null) return null;
  return typeof value === 'number' ? value : value.trim() === '' ? null : value;
}
