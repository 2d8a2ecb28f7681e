import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type TAnswer, useJsonServer } from '../../test/json-server';
import { prefetchTileJsons, readTileJson, resolveTileTemplate, tileJsonQuery } from './useTileJsons';

describe('resolveTileTemplate', () => {
  it('keeps an absolute template as written, braces and all', () => {
    expect(resolveTileTemplate('https://tiles.example.pt/{z}/{x}/{y}.pbf', 'https://other.example/t.json')).toBe(
      'https://tiles.example.pt/{z}/{x}/{y}.pbf',
    );
  });

  it("resolves a relative one against the TileJSON's address, its braces still braces", () => {
    expect(resolveTileTemplate('tiles/{z}/{x}/{y}.pbf', 'https://mip.example.pt/api/groups/3/tiles.json')).toBe(
      'https://mip.example.pt/api/groups/3/tiles/{z}/{x}/{y}.pbf',
    );
    expect(resolveTileTemplate('/v/{z}/{x}/{y}.mvt', 'https://mip.example.pt/api/tiles.json')).toBe(
      'https://mip.example.pt/v/{z}/{x}/{y}.mvt',
    );
  });
});

describe('readTileJson', () => {
  const answers: Record<string, TAnswer> = {
    '/ours.json': {
      status: 200,
      body: JSON.stringify({
        tilejson: '3.0.0',
        name: 'Operador',
        scheme: 'xyz',
        tiles: ['tiles/{z}/{x}/{y}.pbf'],
        vector_layers: [{ id: 'systems', description: '', fields: {} }],
        minzoom: 0,
        maxzoom: 14,
        bounds: [-8.7, 41.1, -8.5, 41.3],
      }),
    },
    // An administrator's own tiles, described by an older TileJSON with only what it needs.
    '/theirs.json': {
      status: 200,
      body: JSON.stringify({ tilejson: '2.2.0', tiles: ['https://t.example/{z}/{x}/{y}'] }),
    },
    '/missing.json': { status: 404, body: '{}' },
    '/not-tilejson.json': { status: 200, body: JSON.stringify({ tiles: [] }) },
    '/not-json.json': { status: 200, body: '<html>' },
  };

  const { base } = useJsonServer(answers);

  it("answers what the map's source takes, its tiles' addresses made whole", async () => {
    expect(await readTileJson(`${base()}/ours.json`)).toEqual({
      tiles: [`${base()}/tiles/{z}/{x}/{y}.pbf`],
      scheme: 'xyz',
      minzoom: 0,
      maxzoom: 14,
      bounds: [-8.7, 41.1, -8.5, 41.3],
    });
    expect(await readTileJson(`${base()}/theirs.json`)).toEqual({ tiles: ['https://t.example/{z}/{x}/{y}'] });
  });

  it('answers null, for the map to read the address itself, when there is no TileJSON to read', async () => {
    for (const path of ['/missing.json', '/not-tilejson.json', '/not-json.json']) {
      expect(await readTileJson(`${base()}${path}`), path).toBeNull();
    }
    expect(await readTileJson('http://127.0.0.1:1/nothing-listens.json')).toBeNull();
  });

  it('gives up when the page no longer wants it', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(readTileJson(`${base()}/ours.json`, controller.signal)).rejects.toThrow();
  });

  it('are read as soon as the map answer names them, once each, where the layers look for them', async () => {
    const client = new QueryClient();
    const url = `${base()}/ours.json`;
    // Before any page has rendered the answer: the map answer's own query starts them.
    prefetchTileJsons(client, [url, url]);
    expect(client.getQueryCache().findAll({ queryKey: ['map', 'tile-json'] })).toHaveLength(1);
    expect(client.getQueryState(tileJsonQuery(url).queryKey)?.fetchStatus).toBe('fetching');
    await vi.waitFor(() =>
      expect(client.getQueryData(tileJsonQuery(url).queryKey)).toMatchObject({
        tiles: [`${base()}/tiles/{z}/{x}/{y}.pbf`],
      }),
    );
    client.clear();
  });
});
