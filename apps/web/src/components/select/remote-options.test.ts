import { describe, expect, it } from 'vitest';
import { optionsToShow } from './remote-options';

const KNOWN = ['24 de Agosto', 'Aliados', 'Estação ambiental dos Aliados', 'São Bento'].map((label) => ({ label }));

describe('optionsToShow', () => {
  it("shows the server's answer once it is for the text typed", () => {
    expect(optionsToShow(KNOWN, 'aliados', true)).toEqual(KNOWN);
  });

  it('until then, only the known names that hold the text, whatever the case and accents', () => {
    expect(optionsToShow(KNOWN, 'ALIADOS ', false).map((option) => option.label)).toEqual([
      'Aliados',
      'Estação ambiental dos Aliados',
    ]);
    expect(optionsToShow(KNOWN, 'sao', false).map((option) => option.label)).toEqual(['São Bento']);
    expect(optionsToShow(KNOWN, 'estacao', false).map((option) => option.label)).toEqual([
      'Estação ambiental dos Aliados',
    ]);
    expect(optionsToShow(KNOWN, 'trindade', false)).toEqual([]);
  });

  it('an empty box shows what is known', () => {
    expect(optionsToShow(KNOWN, '  ', false)).toEqual(KNOWN);
  });
});
