import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconCurrentLocation, IconPhoto, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MapRef, Marker } from 'react-map-gl/maplibre';
import { hostApp } from '../../app/host-app';
import { BaseMap } from '../../components/map/BaseMap';
import { notify } from '../../components/notify';
import type { TPhotoLocation } from './report-form';
import { findUserLocation } from './user-location';

/** Close enough to see the street once a place is known. */
const PLACED_ZOOM = 16;

/**
 * Where the occurrence is: a click on the small map places the point; the visitor's position (from the
 * host app inside a mobile app, else the browser) or the photo's GPS position place it too, for those
 * who cannot or would rather not point at a map.
 */
export function LocationPicker({
  value,
  onChange,
  center,
  photoLocation,
}: {
  value: TPhotoLocation | null;
  onChange: (location: TPhotoLocation | null) => void;
  center: { longitude: number; latitude: number };
  photoLocation: TPhotoLocation | null;
}) {
  const { t } = useTranslation();
  const mapRef = useRef<MapRef>(null);
  const [isLocating, setLocating] = useState(false);
  const place = (location: TPhotoLocation) => {
    onChange(location);
    mapRef.current?.flyTo({
      center: [location.longitude, location.latitude],
      zoom: Math.max(mapRef.current.getZoom(), PLACED_ZOOM),
    });
  };

  const handleMyLocation = async () => {
    setLocating(true);
    try {
      place(await findUserLocation(hostApp));
    } catch {
      notify({ kind: 'warning', title: t('reportEvent.location.unavailable') });
    } finally {
      setLocating(false);
    }
  };

  return (
    <Input.Wrapper label={t('reportEvent.fields.location')} description={t('reportEvent.location.help')}>
      <Stack gap="xs" mt={4}>
        <div data-testid="report-location-map">
          <BaseMap
            label={t('reportEvent.location.mapLabel')}
            height={220}
            mapRef={mapRef}
            // Already placed (a stop's report): opens on the place, close enough to see its street.
            initialViewState={
              value
                ? { longitude: value.longitude, latitude: value.latitude, zoom: PLACED_ZOOM }
                : { ...center, zoom: 14 }
            }
            onClick={(event) => onChange({ longitude: event.lngLat.lng, latitude: event.lngLat.lat })}
            cursor="crosshair"
          >
            {value && <Marker longitude={value.longitude} latitude={value.latitude} color="#c91010" />}
          </BaseMap>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconCurrentLocation size={16} />}
            onClick={() => void handleMyLocation()}
            loading={isLocating}
          >
            {t('reportEvent.location.mine')}
          </Button>
          {photoLocation && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPhoto size={16} />}
              onClick={() => place(photoLocation)}
            >
              {t('reportEvent.location.photo')}
            </Button>
          )}
          {value && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconX size={16} />}
              onClick={() => onChange(null)}
            >
              {t('reportEvent.location.clear')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="report-location-value">
          {value
            ? t('reportEvent.location.placed', {
                latitude: value.latitude.toFixed(5),
                longitude: value.longitude.toFixed(5),
              })
            : t('reportEvent.location.none')}
        </Text>
      </Stack>
    </Input.Wrapper>
  );
}
