/**
 * Portuguese tax number (NIF/NIPC): nine digits, a known first digit or
 * prefix, and a modulo-11 check digit.
 */
const VALID_PREFIXES = [
  '1',
  '2',
  '3',
  '5',
  '6',
  '8',
  '45',
  '70',
  '71',
  '72',
  '74',
  '75',
  '77',
  '79',
  '90',
  '91',
  '98',
  '99',
];

export function isValidNif(value: string): boolean {
  const nif = value.replace(/\s/g, '');
  if (!/^\d{9}$/.test(nif)) return false;
  if (!VALID_PREFIXES.some((prefix) => nif.startsWith(prefix))) return false;
  return nifCheckDigit(nif.slice(0, 8)) === Number(nif[8]);
}

/** The check digit for the first eight digits of a NIF. */
export function nifCheckDigit(firstEight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(firstEight[i]) * (9 - i);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}
