import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StyleSpecification } from 'maplibre-gl';
import { readJsonOrNull } from '../../lib/read-json';

/** Reads a base style: null when it cannot be read or is not a style, and the map then reads the address itself. */
export async function readMapStyle(url: string, signal?: AbortSignal): Promise<StyleSpecification | null> {
  const style = (await readJsonOrNull(url, { signal })) as Partial<StyleSpecification> | null;
  const isStyle = style !== null && style.version === 8 && Array.isArray(style.layers) && !!style.sources;
  return isStyle ? (style as StyleSpecification) : null;
}

/**
 * The base style at `url`, read while MapLibre itself downloads: given an address, the map reads its style
 * only once the library has loaded and compiled (seconds on a slow phone), and its sources only after that
 * answer (issue 20: the map's first full render). Pending until the read is over; a new address (the other
 * colour scheme) keeps the style shown until its own is in, and an address whose read failed is left to the map.
 */
export function useBaseMapStyle(url: string): { style: StyleSpecification | string; isPending: boolean } {
  const query = useQuery({
    queryKey: ['map', 'base-style', url],
    queryFn: ({ signal }) => readMapStyle(url, signal),
    // The server answers it with no-cache and an ETag: asked again, an unchanged style costs a 304.
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return { style: query.data ?? url, isPending: query.isPending };
}
