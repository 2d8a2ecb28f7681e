import { describe, expect, it } from 'vitest';
import { isValidNif, nifCheckDigit } from './nif.ts';

/** A NIF with a correct check digit for the given first eight digits. */
const withCheckDigit = (firstEight: string) => `${firstEight}${nifCheckDigit(firstEight)}`;

describe('nifCheckDigit', () => {
  it('computes the modulo-11 digit, with 0 for remainders 0 and 1', () => {
    // 5·9 + 0·8 + 1·7 + 3·6 + 0·5 + 6·4 + 0·3 + 9·2 = 112; 112 mod 11 = 2; 11 − 2 = 9
    expect(nifCheckDigit('50130609')).toBe(9);
    // 1·9 + 0 + … + 0 = 9; 9 mod 11 = 9; 11 − 9 = 2
    expect(nifCheckDigit('10000000')).toBe(2);
    // 1·9 + 1·2 = 11; 11 mod 11 = 0 → 0
    expect(nifCheckDigit('10000001')).toBe(0);
    // 1·9 + 1·4 = 12; 12 mod 11 = 1 → 0
    expect(nifCheckDigit('10000010')).toBe(0);
  });
});

describe('isValidNif', () => {
  it.each([
    ['a person', '12345678'],
    ['a company', '50130609'],
    ['a public body', '60000001'],
    ['a sole trader', '80000001'],
    ['a condominium (90)', '90000001'],
    ['an estate (70)', '70000001'],
  ])('accepts the NIF of %s with its check digit', (_kind, firstEight) => {
    expect(isValidNif(withCheckDigit(firstEight))).toBe(true);
  });

  it('accepts the number with spaces as people write it', () => {
    const nif = withCheckDigit('50130609');
    expect(isValidNif(`${nif.slice(0, 3)} ${nif.slice(3, 6)} ${nif.slice(6)}`)).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    const nif = withCheckDigit('50130609');
    const wrong = `${nif.slice(0, 8)}${(Number(nif[8]) + 1) % 10}`;
    expect(isValidNif(wrong)).toBe(false);
  });

  it.each(['4', '0', '73', '95'])('rejects a number starting with %s, which no taxpayer has', (prefix) => {
    const firstEight = prefix.padEnd(8, '1');
    expect(isValidNif(withCheckDigit(firstEight))).toBe(false);
  });

  it('accepts 45, the prefix of non-resident people, though 4 alone is not a prefix', () => {
    expect(isValidNif(withCheckDigit('45111111'))).toBe(true);
  });

  it.each(['', '50130609', '5013060999', '50130609a', 'abcdefghi'])('rejects "%s", which is not nine digits', (v) => {
    expect(isValidNif(v)).toBe(false);
  });
});
