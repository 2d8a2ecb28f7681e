import 'maplibre-gl/dist/maplibre-gl.css';
import './base-map.css';
import { Box, useComputedColorScheme } from '@mantine/core';
import type { Map as MapLibre } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { type Ref, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import MapLibreMap, { type MapProps, type MapRef, NavigationControl } from 'react-map-gl/maplibre';
import { API_BASE } from '../../api/client';
import { applicationIdOf } from '../../features/applications/app-scope';
import { useAppConfiguration } from '../../features/configuration/useAppConfiguration';
import { NetworkBackdrop } from './NetworkBackdrop';
import { useBaseMapStyle } from './useBaseMapStyle';

let mapLibrary: Promise<typeof import('maplibre-gl')> | null = null;

/**
 * MapLibre, asked for when the first map mounts (the map home: when its code loads) rather than imported
 * with the app: the page around the map paints and asks for its data while the library (a quarter of a
 * megabyte gzipped, seconds of compiling on a slow phone) downloads, instead of after it (issue 20: the map
 * home's LCP). It parses tiles and GeoJSON in module workers, which the bundle ships beside the app; their
 * address is set before any map exists, and they are started as soon as the library is in (`prewarm`), not
 * by the first map: their code loads while React renders the page around the map (on the map home at 4×
 * CPU throttle, with MapHomePage's early load, the first full render came 0.3–0.5 s sooner). They then stay
 * for the visit's next map, which would otherwise start them again.
 */
export function loadMapLibrary() {
  mapLibrary ??= import('maplibre-gl').then((library) => {
    library.setWorkerUrl(workerUrl);
    library.prewarm();
    return library;
  });
  return mapLibrary;
}

/** Spec 001 §9: default zoom 13, max zoom 20; the map opens on Porto until told otherwise. */
export const MAP_DEFAULT_ZOOM = 13;
export const MAP_MAX_ZOOM = 20;
export const MAP_DEFAULT_CENTER = { longitude: -8.6109, latitude: 41.1496 };

/** The server's base style for the colour scheme (spec 001 §7 map-style, LIGHT or DARK). */
export function useMapStyleUrl(): string {
  const scheme = useComputedColorScheme('light');
  // Under /app/{appId}/ an application may have a base map of its own.
  const appId = applicationIdOf(useAppConfiguration());
  const path = appId === null ? 'configuration/public/map-style' : `applications/${appId}/map-style`;
  return `${window.location.origin}${API_BASE}${path}?type=${scheme === 'dark' ? 'DARK' : 'LIGHT'}`;
}

/**
 * A MapLibre map on the product's base style, with zoom buttons in the user's
 * language and, unless it draws the network itself, the network lightly under
 * what it shows.
 */
export function BaseMap({
  label,
  height = 420,
  mapRef,
  showNetwork = true,
  children,
  ...props
}: Omit<MapProps, 'mapStyle'> & {
  label: string;
  height?: number | string;
  mapRef?: Ref<MapRef>;
  /** The public map draws the network as its subject, clickable: it turns this off. */
  showNetwork?: boolean;
}) {
  const { t } = useTranslation();
  const base = useBaseMapStyle(useMapStyleUrl());
  const mapLib = loadMapLibrary();
  const frame = useRef<HTMLDivElement>(null);
  /**
   * The canvas says nothing of where the map looks or whether it is still flying: the frame does, as
   * data-map-view ("lng,lat,zoom" once it rests) and data-map-moving — what an automated check waits on
   * instead of guessing how long a flight takes. Set on the element itself: a flight re-renders nothing.
   */
  const describe = (map: MapLibre, isMoving: boolean) => {
    const element = frame.current;
    if (!element) return;
    element.dataset.mapMoving = String(isMoving);
    if (isMoving) return;
    const { lng, lat } = map.getCenter();
    element.dataset.mapView = `${lng.toFixed(5)},${lat.toFixed(5)},${map.getZoom().toFixed(2)}`;
  };
  return (
    <Box
      ref={frame}
      h={height}
      pos="relative"
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
      data-map-moving="true"
    >
      {/* MapLibre and the style download side by side; the map is made once both are in. */}
      {!base.isPending && (
        <MapLibreMap
          ref={mapRef}
          mapLib={mapLib}
          mapStyle={base.style}
          initialViewState={{ ...MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM }}
          maxZoom={MAP_MAX_ZOOM}
          locale={{
            'NavigationControl.ZoomIn': t('baseMap.zoomIn'),
            'NavigationControl.ZoomOut': t('baseMap.zoomOut'),
            'Map.Title': label,
            'Marker.Title': t('baseMap.marker'),
            'AttributionControl.ToggleAttribution': t('baseMap.attribution'),
          }}
          {...props}
          onLoad={(event) => {
            describe(event.target, event.target.isMoving());
            props.onLoad?.(event);
          }}
          onMoveStart={(event) => {
            describe(event.target, true);
            props.onMoveStart?.(event);
          }}
          onMoveEnd={(event) => {
            describe(event.target, false);
            props.onMoveEnd?.(event);
          }}
        >
          <NavigationControl showCompass={false} />
          {showNetwork && <NetworkBackdrop />}
          {children}
        </MapLibreMap>
      )}
    </Box>
  );
}
