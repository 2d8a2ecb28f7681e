import { SPRITE_NAME_PATTERN } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { spriteNameFromFile } from './sprite-names';

describe('spriteNameFromFile', () => {
  it('makes a style-friendly name of a file name', () => {
    expect(spriteNameFromFile('Paragem Autocarro.svg')).toBe('paragem-autocarro');
    expect(spriteNameFromFile('estação_metro (2).SVG')).toBe('estacao_metro-2');
    expect(spriteNameFromFile('--ícone--.svg')).toBe('icone');
    expect(spriteNameFromFile('.svg')).toBe('icon');
    expect(spriteNameFromFile('😀.svg')).toBe('icon');
  });

  it('always answers a name the server takes', () => {
    for (const file of ['A B C.svg', `${'x'.repeat(80)}-.svg`, '_under.svg', 'ÁÉÍ.svg']) {
      expect(spriteNameFromFile(file)).toMatch(SPRITE_NAME_PATTERN);
      expect(spriteNameFromFile(file).length).toBeLessThanOrEqual(64);
    }
  });
});
