import { foldText } from '@mip/shared';

/**
 * What a list searched on the server shows while the user types: the server's answer once it is for the
 * text in the box; until then (the pause before searching, the request on its way) the options already
 * known whose name holds the text, whatever the case and accents — never the answer to other text, where a
 * person would see names they did not ask for, and could pick one as the list changes under the pointer.
 */
export function optionsToShow<T extends { label: string }>(
  known: readonly T[],
  text: string,
  isAnswered: boolean,
): T[] {
  const wanted = foldText(text.trim());
  if (isAnswered || wanted === '') return [...known];
  return known.filter((option) => foldText(option.label).includes(wanted));
}
