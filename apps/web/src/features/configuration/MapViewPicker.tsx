import { Box, Button, Group, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFocusCentered, IconFrame, IconFrameOff } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, type MapRef, Marker, Source } from 'react-map-gl/maplibre';
import { BaseMap, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '../../components/map/BaseMap';
import type { TBounds } from '../map/map-config';
import {
  boundsText,
  centreText,
  readBoundsText,
  readCentre,
  readZoom,
  type TLngLat,
  type TMapViewSetting,
  zoomText,
} from './map-view-values';

/** A phone's width, to frame what a phone will show (the spec's mobile breakpoint is 992 px). */
const PHONE_PREVIEW_WIDTH = 390;
const BOUNDS_COLOUR = '#c91010';

/** The two bounds and their texts: without phone bounds, phones keep to the computer ones (map-config.ts). */
const BOUNDS_CHOICES = [
  {
    setting: 'bounds',
    label: 'configuration.fields.app_mapMaxBounds.label',
    none: 'configuration.mapView.noBounds',
    take: 'configuration.mapView.useBounds',
    clear: 'configuration.mapView.clearBounds',
    testId: 'map-view-bounds',
  },
  {
    setting: 'boundsMobile',
    label: 'configuration.fields.app_mapMaxBoundsMobile.label',
    none: 'configuration.mapView.sameAsDesktop',
    take: 'configuration.mapView.useBoundsMobile',
    clear: 'configuration.mapView.clearBoundsMobile',
    testId: 'map-view-bounds-mobile',
  },
] as const;

interface TView {
  centre: TLngLat;
  zoom: number;
  bounds: TBounds;
}

function viewOf(map: MapRef): TView {
  const centre = map.getCenter();
  const extent = map.getBounds();
  return {
    centre: { longitude: centre.lng, latitude: centre.lat },
    zoom: map.getZoom(),
    bounds: [
      [extent.getWest(), extent.getSouth()],
      [extent.getEast(), extent.getNorth()],
    ],
  };
}

interface TOutline {
  type: 'Feature';
  properties: { device: 'desktop' | 'mobile' };
  geometry: { type: 'LineString'; coordinates: number[][] };
}

/** The bounds' edge as a map line (none without bounds), solid for desktop, dashed for phones. */
const outline = (bounds: TBounds | null, device: 'desktop' | 'mobile'): TOutline[] => {
  if (!bounds) return [];
  const [[west, south], [east, north]] = bounds;
  const ring = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
  return [{ type: 'Feature', properties: { device }, geometry: { type: 'LineString', coordinates: ring } }];
};

interface TMapViewPickerProps {
  /** The stored JSON text of a setting, as the form holds it ('' until the settings have loaded). */
  read: (setting: TMapViewSetting) => string;
  write: (setting: TMapViewSetting, text: string) => void;
}

/**
 * The public map's centre, zoom and bounds (desktop and phone), taken from a
 * map the administrator moves — by mouse, touch, or the arrow keys and zoom
 * buttons — instead of typed as JSON. Values stay the stored JSON texts.
 */
export function MapViewPicker(props: TMapViewPickerProps) {
  // The map opens once, on the stored view: not before the settings are there.
  return props.read('center') === '' ? null : <MapViewPickerBody {...props} />;
}

function MapViewPickerBody({ read, write }: TMapViewPickerProps) {
  const { t } = useTranslation();
  const mapRef = useRef<MapRef>(null);
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  const centre = readCentre(read('center'));
  const zoom = readZoom(read('zoom'));
  const bounds = readBoundsText(read('bounds'));
  const boundsMobile = readBoundsText(read('boundsMobile'));
  // Opens where the public map opens; moving it changes nothing until a button takes the view.
  const [initialView] = useState({ ...(centre ?? MAP_DEFAULT_CENTER), zoom: zoom ?? MAP_DEFAULT_ZOOM });
  const [view, setView] = useState<TView | null>(null);

  const coordinate = (value: number) => value.toFixed(5);
  const describeBounds = (value: TBounds) =>
    t('configuration.mapView.boundsValue', {
      west: coordinate(value[0][0]),
      south: coordinate(value[0][1]),
      east: coordinate(value[1][0]),
      north: coordinate(value[1][1]),
    });
  const takeView = (apply: (current: TView) => void) => {
    if (mapRef.current) apply(viewOf(mapRef.current));
  };
  const handleViewChange = () => {
    if (mapRef.current) setView(viewOf(mapRef.current));
  };

  return (
    <Input.Wrapper
      label={t('configuration.mapView.title')}
      description={t('configuration.mapView.help')}
      data-testid="map-view-picker"
    >
      <Stack gap="sm" mt="xs">
        <SegmentedControl
          aria-label={t('configuration.mapView.preview')}
          value={device}
          onChange={(value) => setDevice(value as 'desktop' | 'mobile')}
          data={[
            { value: 'desktop', label: t('configuration.mapView.desktop') },
            { value: 'mobile', label: t('configuration.mapView.mobile') },
          ]}
          w="fit-content"
        />
        <Box maw={device === 'mobile' ? PHONE_PREVIEW_WIDTH : undefined} w="100%">
          <BaseMap
            label={t('configuration.mapView.mapLabel')}
            height={360}
            mapRef={mapRef}
            initialViewState={initialView}
            onLoad={handleViewChange}
            onMoveEnd={handleViewChange}
          >
            <Source
              id="configured-bounds"
              type="geojson"
              data={{
                type: 'FeatureCollection',
                features: [...outline(bounds, 'desktop'), ...outline(boundsMobile, 'mobile')],
              }}
            >
              <Layer
                id="configured-bounds-desktop"
                type="line"
                filter={['==', ['get', 'device'], 'desktop']}
                paint={{ 'line-color': BOUNDS_COLOUR, 'line-width': 3 }}
              />
              <Layer
                id="configured-bounds-mobile"
                type="line"
                filter={['==', ['get', 'device'], 'mobile']}
                paint={{ 'line-color': BOUNDS_COLOUR, 'line-width': 3, 'line-dasharray': [2, 2] }}
              />
            </Source>
            {centre && <Marker longitude={centre.longitude} latitude={centre.latitude} color={BOUNDS_COLOUR} />}
          </BaseMap>
        </Box>
        <Text size="sm" c="dimmed" data-testid="map-view-current">
          {view
            ? t('configuration.mapView.current', {
                latitude: coordinate(view.centre.latitude),
                longitude: coordinate(view.centre.longitude),
                zoom: view.zoom.toFixed(1),
              })
            : '\u00a0'}
        </Text>

        <PickedValue
          label={t('configuration.fields.app_mapCenter.label')}
          value={
            centre
              ? t('configuration.mapView.centreValue', {
                  latitude: coordinate(centre.latitude),
                  longitude: coordinate(centre.longitude),
                  zoom: zoom ?? MAP_DEFAULT_ZOOM,
                })
              : t('configuration.mapView.noCentre')
          }
          testId="map-view-centre"
        >
          <Button
            variant="light"
            size="xs"
            leftSection={<IconFocusCentered size={16} aria-hidden />}
            onClick={() =>
              takeView((current) => {
                write('center', centreText(current.centre));
                write('zoom', zoomText(current.zoom));
              })
            }
          >
            {t('configuration.mapView.useView')}
          </Button>
        </PickedValue>

        {BOUNDS_CHOICES.map((choice) => {
          const value = choice.setting === 'bounds' ? bounds : boundsMobile;
          return (
            <PickedValue
              key={choice.setting}
              label={t(choice.label)}
              value={value ? describeBounds(value) : t(choice.none)}
              testId={choice.testId}
            >
              <Button
                variant="light"
                size="xs"
                leftSection={<IconFrame size={16} aria-hidden />}
                onClick={() => takeView((current) => write(choice.setting, boundsText(current.bounds)))}
              >
                {t(choice.take)}
              </Button>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconFrameOff size={16} aria-hidden />}
                onClick={() => write(choice.setting, boundsText(null))}
                disabled={!value}
              >
                {t(choice.clear)}
              </Button>
            </PickedValue>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}

/** One picked setting: its name, its value in words, and the buttons that change it. */
function PickedValue({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
      <Group gap="xs">{children}</Group>
    </Stack>
  );
}
