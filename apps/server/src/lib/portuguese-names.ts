const LOWER_WORDS = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'e',
  'a',
  'o',
  'as',
  'os',
  'em',
  'na',
  'no',
  'nas',
  'nos',
]);

/**
 * The administrative lists write names in capitals ("VILA NOVA DE GAIA");
 * people read "Vila Nova de Gaia". Particles stay lower case, hyphenated
 * parts are capitalised one by one ("Albergaria-a-Velha").
 */
export function toPortugueseTitleCase(name: string): string {
  if (name !== name.toUpperCase()) return name; // already mixed case: written by a person, keep it
  return name
    .toLowerCase()
    .split(' ')
    .map((word, index) =>
      word
        .split('-')
        .map((part, partIndex) =>
          (index > 0 || partIndex > 0) && LOWER_WORDS.has(part) ? part : part.charAt(0).toUpperCase() + part.slice(1),
        )
        .join('-'),
    )
    .join(' ');
}
