import { Box, Stack, VisuallyHidden } from '@mantine/core';
import { useClickOutside, useDebouncedValue, useElementSize, useMediaQuery } from '@mantine/hooks';
import type { TPublicSystemResult, TTrafficJamProperties } from '@mip/shared';
import type { GeoJSONSource, MapGeoJSONFeature } from 'maplibre-gl';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { DESKTOP_QUERY } from '../../app/shell/ConsoleLayout';
import { BaseMap } from '../../components/map/BaseMap';
import { useAppConfiguration } from '../configuration/useAppConfiguration';
import { useMobilityGroupTree } from '../mobility-groups/useMobilityGroups';
import { usePublicSystem } from '../timetable/useSchedule';
import { FilterPanel } from './FilterPanel';
import { drawnGroupIds, groupsById } from './group-filter';
import { provideGroupIcons } from './group-icons';
import { HighlightsModal } from './HighlightsModal';
import { GroupLayers, SelectedLayer, SlotLayers, TRAFFIC_LAYER_ID, TrafficLayer } from './MapLayers';
import { MapTypeLayer } from './MapTypeLayer';
import { MapTypeSelector } from './MapTypeSelector';
import { MAP_CLICK_TOLERANCE_PX, MAP_FIT_PADDING, readMapSettings, SEARCH_DEBOUNCE_MS } from './map-config';
import { buildGroupLayers, countDrawn, groupLayerIds, targetOf } from './map-layers';
import { effectiveMapType, googleMapKey, mapTypeOptions, type TMapTypeChoice } from './map-types';
import { SearchBox } from './SearchBox';
import { SidePanel } from './SidePanel';
import { SystemCard } from './SystemCard';
import { TrafficCard } from './TrafficCard';
import { useExtraLayers, useMapItems, usePublicSystemSearch, useTraffic } from './useMapData';
import { useMapUsage } from './useMapUsage';

type TSelection = { kind: 'system'; id: number } | { kind: 'traffic'; jam: TTrafficJamProperties };

/** The map home of spec 001 §2, for visitors and staff alike: the full content area is the map. */
export default function MapHomePage() {
  const { t, i18n } = useTranslation();
  const config = useAppConfiguration();
  // Read at once, not after a first render: the filter panel's initial state depends on it.
  const isMobile = !useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const settings = useMemo(() => readMapSettings(config, isMobile), [config, isMobile]);
  const tree = useMobilityGroupTree().data ?? [];
  const items = useMapItems().data ?? [];
  const mapRef = useRef<MapRef>(null);
  const { ref: pageRef, height: pageHeight } = useElementSize();

  const [selectedGroups, setSelectedGroups] = useState<Set<number>>(new Set());
  const [isTrafficSelected, setTrafficSelected] = useState(false);
  const [isFilterOpen, setFilterOpen] = useState(!isMobile);
  const [selection, setSelection] = useState<TSelection | null>(null);
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [areResultsShown, setResultsShown] = useState(true);
  // The map (application) this page shows: a choice of map type made on another one does not carry over.
  const mapId = String(config.appId ?? '');
  const [mapTypeChoice, setMapTypeChoice] = useState<TMapTypeChoice>({ mapId, value: 'BASE' });
  const extraLayers = useExtraLayers().data;
  const mapTypes = useMemo(() => mapTypeOptions(config, extraLayers ?? []), [config, extraLayers]);
  const mapType = effectiveMapType(mapTypeChoice, mapId, mapTypes);
  const usage = useMapUsage({ groups: [...selectedGroups].sort((a, b) => a - b), traffic: isTrafficSelected });
  const selectSystem = (id: number) => {
    setSelection({ kind: 'system', id });
    usage.recordSystemClick(id);
  };

  const traffic = useTraffic(settings.isTrafficEnabled && isTrafficSelected);
  const search = usePublicSystemSearch(debouncedSearch, [...selectedGroups]);
  const selectedSystem = usePublicSystem(selection?.kind === 'system' ? selection.id : null);
  const controlsRef = useClickOutside(() => {
    if (isMobile) setFilterOpen(false);
  });

  const groups = useMemo(() => groupsById(tree), [tree]);
  const layers = useMemo(() => {
    const drawn = drawnGroupIds(tree, selectedGroups, settings.showAllOnEmptyFilter);
    return buildGroupLayers(items, groups, drawn, selectedGroups.size > 0);
  }, [items, groups, tree, selectedGroups, settings.showAllOnEmptyFilter]);
  const interactiveLayers = useMemo(
    () => [
      ...layers.flatMap((layer) => {
        const ids = groupLayerIds(layer.groupId);
        return [
          ids.points,
          ...(layer.iconImage ? [ids.icons] : []),
          ...(layer.isClustered ? [ids.clusters] : []),
          ids.lines,
        ];
      }),
      ...(traffic.data && isTrafficSelected ? [TRAFFIC_LAYER_ID] : []),
    ],
    [layers, traffic.data, isTrafficSelected],
  );

  const flyTo = (result: TPublicSystemResult) => {
    const map = mapRef.current;
    const target = targetOf(result);
    if (!map || !target) return;
    if (target.kind === 'bounds') map.fitBounds(target.bounds, { padding: MAP_FIT_PADDING, maxZoom: 17 });
    else map.flyTo({ center: target.center, zoom: target.zoom });
  };

  /** Spec 001 §9: a click selects what lies within ±10 px of the pointer; a point wins over a line under it. */
  const handleClick = (event: MapMouseEvent) => {
    const map = mapRef.current;
    if (!map) return;
    const { x, y } = event.point;
    const tolerance = MAP_CLICK_TOLERANCE_PX;
    const found = map.queryRenderedFeatures(
      [
        [x - tolerance, y - tolerance],
        [x + tolerance, y + tolerance],
      ],
      { layers: interactiveLayers.filter((id) => map.getLayer(id)) },
    );
    const rank = (feature: MapGeoJSONFeature) => (feature.layer.type === 'line' ? 1 : 0);
    const [hit] = [...found].sort((a, b) => rank(a) - rank(b));
    if (!hit) return;
    if (hit.properties.cluster) {
      const source = map.getSource(hit.source) as GeoJSONSource | undefined;
      void source?.getClusterExpansionZoom(hit.properties.cluster_id).then((zoom) => {
        map.easeTo({ center: (hit.geometry as { coordinates: [number, number] }).coordinates, zoom });
      });
      return;
    }
    if (hit.layer.id === TRAFFIC_LAYER_ID)
      setSelection({ kind: 'traffic', jam: hit.properties as TTrafficJamProperties });
    else if (typeof hit.properties._msid === 'number') selectSystem(hit.properties._msid);
  };

  const filterCount = selectedGroups.size + (isTrafficSelected ? 1 : 0);
  const drawnCount = countDrawn(layers) + (isTrafficSelected ? (traffic.data?.features.length ?? 0) : 0);

  return (
    <Box
      ref={pageRef}
      pos="relative"
      m="calc(var(--mantine-spacing-md) * -1)"
      h="calc(100dvh - var(--app-shell-header-offset, 0px) - var(--app-shell-footer-offset, 0px))"
      data-testid="map-home"
    >
      <BaseMap
        label={t('map.label')}
        height="100%"
        mapRef={mapRef}
        initialViewState={{ ...settings.center, zoom: settings.zoom }}
        maxZoom={settings.maxZoom}
        maxBounds={settings.maxBounds ? [...settings.maxBounds[0], ...settings.maxBounds[1]] : undefined}
        interactiveLayerIds={interactiveLayers}
        onClick={handleClick}
        onLoad={(event) => provideGroupIcons(event.target)}
      >
        <SlotLayers />
        <MapTypeLayer option={mapType} language={i18n.language} googleKey={googleMapKey(config)} />
        {isTrafficSelected && traffic.data && <TrafficLayer traffic={traffic.data} />}
        {layers.map((layer) => (
          <GroupLayers key={layer.groupId} layer={layer} />
        ))}
        {selection?.kind === 'system' && selectedSystem.data?.geometry && (
          <SelectedLayer geometry={selectedSystem.data.geometry} />
        )}
      </BaseMap>
      <VisuallyHidden role="status" data-testid="map-status">
        {t('map.status', { count: drawnCount })}
      </VisuallyHidden>
      <Stack
        ref={controlsRef}
        gap="xs"
        pos="absolute"
        top={12}
        left={12}
        // On a phone it leaves the top-right corner to the zoom buttons.
        w={isMobile ? 'calc(100% - 64px)' : 360}
        style={{ zIndex: 4 }}
      >
        <SearchBox
          text={searchText}
          onTextChange={(text) => {
            setSearchText(text);
            setResultsShown(true);
          }}
          onSubmit={() => {
            if (isMobile) setFilterOpen(false);
          }}
          results={areResultsShown ? (search.data ?? null) : null}
          isSearching={search.isFetching}
          onPick={(result) => {
            flyTo(result);
            selectSystem(result.id);
            setResultsShown(false);
            if (isMobile) setFilterOpen(false);
          }}
          isFilterOpen={isFilterOpen}
          onToggleFilter={() => setFilterOpen((isOpen) => !isOpen)}
          filterCount={filterCount}
          onClearFilter={() => {
            setSelectedGroups(new Set());
            setTrafficSelected(false);
          }}
        />
        {isFilterOpen && (
          <FilterPanel
            tree={tree}
            selected={selectedGroups}
            onSelectedChange={setSelectedGroups}
            isTrafficEnabled={settings.isTrafficEnabled}
            isTrafficSelected={isTrafficSelected}
            onTrafficChange={setTrafficSelected}
          />
        )}
      </Stack>
      <Box pos="absolute" bottom={12} left={12} style={{ zIndex: 3 }}>
        <MapTypeSelector
          options={mapTypes}
          value={mapType.value}
          onChange={(value) => setMapTypeChoice({ mapId, value })}
        />
      </Box>
      <HighlightsModal />
      {selection && (
        <SidePanel isMobile={isMobile} containerHeight={pageHeight} onClose={() => setSelection(null)}>
          {selection.kind === 'system' ? <SystemCard systemId={selection.id} /> : <TrafficCard jam={selection.jam} />}
        </SidePanel>
      )}
    </Box>
  );
}
