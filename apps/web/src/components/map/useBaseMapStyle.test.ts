import { describe, expect, it } from 'vitest';
import { type TAnswer, useJsonServer } from '../../test/json-server';
import { readMapStyle } from './useBaseMapStyle';

describe('readMapStyle', () => {
  const style = { version: 8, sources: {}, layers: [{ id: 'background', type: 'background' }] };
  const answers: Record<string, TAnswer> = {
    '/style.json': { status: 200, body: JSON.stringify(style) },
    '/failing.json': { status: 503, body: '{}' },
    '/not-a-style.json': { status: 200, body: JSON.stringify({ version: 7, layers: [] }) },
    '/not-json.json': { status: 200, body: '<html>' },
  };

  const { base } = useJsonServer(answers);

  it('answers the style the address serves', async () => {
    expect(await readMapStyle(`${base()}/style.json`)).toEqual(style);
  });

  it('answers null, for the map to read the address itself, when there is no style to read', async () => {
    for (const path of ['/failing.json', '/not-a-style.json', '/not-json.json']) {
      expect(await readMapStyle(`${base()}${path}`), path).toBeNull();
    }
    expect(await readMapStyle('http://127.0.0.1:1/nothing-listens.json')).toBeNull();
  });
});
