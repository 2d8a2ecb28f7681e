import { type TTileJsonSource, ZTileJsonSource } from '@mip/shared';
import { type QueryClient, useQueries } from '@tanstack/react-query';
import { readJsonOrNull } from '../../lib/read-json';

/** What a tiled group's source is made of: its TileJSON as read, or, when that could not be read, its address. */
export type TTileSource = { kind: 'read'; tileJson: TTileJsonSource } | { kind: 'address'; url: string };

/**
 * A template address as written, relative ones resolved against the TileJSON's own address. URL() would
 * write the template's braces as %7B…%7D, which the map would then send as they are.
 */
export function resolveTileTemplate(template: string, tileJsonUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(template)) return template;
  return new URL(template, tileJsonUrl).href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
}

/** Reads one TileJSON: null when it cannot be read or is not one, and the map then reads it itself. */
export async function readTileJson(url: string, signal?: AbortSignal): Promise<TTileJsonSource | null> {
  const parsed = ZTileJsonSource.safeParse(await readJsonOrNull(url, { signal, credentials: 'omit' }));
  if (!parsed.success) return null;
  return { ...parsed.data, tiles: parsed.data.tiles.map((tile) => resolveTileTemplate(tile, url)) };
}

/** How one TileJSON is read and kept: the map answer's query starts it (prefetchTileJsons), the layers read it. */
export const tileJsonQuery = (url: string) => ({
  queryKey: ['map', 'tile-json', url],
  queryFn: ({ signal }: { signal: AbortSignal }) => readTileJson(url, signal),
  // As a browser keeps it (the server's max-age): a group that grows moves its bounds, and is read again.
  staleTime: 5 * 60_000,
  retry: false,
});

/**
 * Starts reading the TileJSONs a map answer names, from the answer's own query: a hook would start them only
 * once the page has rendered the answer, and on a slow phone the main thread is busy drawing the map then
 * (issue 20: the national map's TileJSONs went out 0.3 s after the answer was in, and the tiled layers were
 * added a render after the others).
 */
export function prefetchTileJsons(queryClient: QueryClient, urls: readonly string[]) {
  for (const url of new Set(urls)) void queryClient.prefetchQuery(tileJsonQuery(url));
}

/**
 * The TileJSONs of the groups drawn from vector tiles, read as soon as the map answer names them. Given an
 * address, the map reads a TileJSON only once it and its style have loaded, and asks for tiles only after
 * that answer: on a slow phone over a busy line, a round trip after seconds of loading, before the first
 * tile of a large network (issue 20: the national map's first full render). Read here, in parallel with
 * the map's own loading, the map asks for the tiles of the view the moment the source is added. Each is
 * `undefined` until its answer is in; `isSettled` once every one is.
 */
export function useTileJsons(urls: readonly string[]): {
  sources: ReadonlyMap<string, TTileSource | undefined>;
  isSettled: boolean;
} {
  const unique = [...new Set(urls)];
  return useQueries({
    queries: unique.map(tileJsonQuery),
    combine: (results) => ({
      sources: new Map(
        unique.map((url, index) => {
          const result = results[index];
          if (result.isPending) return [url, undefined];
          const tileJson = result.data ?? null;
          return [url, tileJson ? { kind: 'read' as const, tileJson } : { kind: 'address' as const, url }];
        }),
      ),
      isSettled: results.every((result) => !result.isPending),
    }),
  });
}
