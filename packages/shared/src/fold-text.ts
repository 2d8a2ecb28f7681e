/** Lowercase without accents, so "Conceição" and "CONCEICAO" compare equal, and "aliados" finds "Aliados". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
