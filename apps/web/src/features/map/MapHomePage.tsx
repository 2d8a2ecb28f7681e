import { Box, Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { useClickOutside, useDebouncedValue, useElementSize, useMediaQuery } from '@mantine/hooks';
import type { TMobilitySystem, TPlaceResult, TPublicSystemResult, TTrafficJamProperties } from '@mip/shared';
import { IconMessageReport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { GeoJSONSource, MapGeoJSONFeature } from 'maplibre-gl';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { MapMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { DESKTOP_QUERY } from '../../app/shell/ConsoleLayout';
import { BaseMap, loadMapLibrary } from '../../components/map/BaseMap';
import { useAppConfiguration } from '../configuration/useAppConfiguration';
import { IncidentCard } from '../incidents/IncidentCard';
import { usePublicEvent } from '../incidents/usePublicEvents';
import { usePublicSystem } from '../timetable/useSchedule';
import { provideClusterCounts } from './cluster-counts';
import { FilterPanel } from './FilterPanel';
import { drawnGroupIds, groupsById } from './group-filter';
import { provideGroupIcons } from './group-icons';
import { HighlightsModal } from './HighlightsModal';
import { IncidentFilterModal } from './IncidentFilterModal';
import { AlternativePathsLayer, IncidentLayers } from './IncidentLayers';
import { provideIncidentIcons } from './incident-icons';
import {
  allowedIncidentKinds,
  countIncidentFilter,
  countIncidents,
  drawnIncidentFeatures,
  drawnIncidentKinds,
  incidentInteractiveLayerIds,
  NO_INCIDENT_FILTER,
  type TIncidentFilter,
  type TIncidentKind,
} from './incident-layers';
import { legendLines } from './legend';
import { GroupLayers, SelectedLayer, SlotLayers, TRAFFIC_LAYER_ID, TrafficLayer } from './MapLayers';
import { MapLegend } from './MapLegend';
import { MapTypeLayer } from './MapTypeLayer';
import { MapTypeSelector } from './MapTypeSelector';
import { MAP_CLICK_TOLERANCE_PX, MAP_FIT_PADDING, readMapSettings, SEARCH_DEBOUNCE_MS } from './map-config';
import {
  boundsOfBox,
  buildGroupLayers,
  countDrawn,
  hasCustomLayers,
  interactiveGroupLayerIds,
  readOccurrence,
  targetOf,
} from './map-layers';
import { effectiveMapType, googleMapKey, mapTypeOptions, type TMapTypeChoice } from './map-types';
import { SearchBox } from './SearchBox';
import { SIDE_PANEL_OPEN_SHARE, SIDE_PANEL_WIDTH, SidePanel } from './SidePanel';
import { SystemCard } from './SystemCard';
import { TrafficCard } from './TrafficCard';
import { useFirstFullRender } from './useFirstFullRender';
import { selectionMessage, useHostMap } from './useHostMap';
import { useLayerCheck } from './useLayerCheck';
import {
  useExtraLayers,
  useMapGroupTree,
  useMapItems,
  usePlaceSearch,
  usePublicSystemSearch,
  useTraffic,
} from './useMapData';
import { useMapUsage } from './useMapUsage';
import { useTileJsons } from './useTileJsons';

const FILTER_PANEL_WIDTH = 360;

// The map is this page's subject: its library is asked for as the page's code arrives (the router loads it
// before its first render), not once the page has rendered its map frame, some 0.2 s later at 4× throttle.
void loadMapLibrary();

type TSelection =
  | { kind: 'system'; id: number }
  | { kind: 'incident'; id: number }
  | { kind: 'traffic'; jam: TTrafficJamProperties };

// The form, its small map and the photo reader load only when someone reports.
const ReportEventModal = lazy(() =>
  import('../report-event/ReportEventModal').then((module) => ({ default: module.ReportEventModal })),
);

/** A click's hit, best first: points over lines over filled areas (a stop on a closed street stays pickable). */
const hitRank = (feature: MapGeoJSONFeature) => {
  if (feature.layer.type === 'fill') return 2;
  return feature.layer.type === 'line' ? 1 : 0;
};

/** The map home of spec 001 §2, for visitors and staff alike: the full content area is the map. */
export default function MapHomePage() {
  const { t, i18n } = useTranslation();
  const config = useAppConfiguration();
  // Read at once, not after a first render: the filter panel's initial state depends on it.
  const isMobile = !useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const settings = useMemo(() => readMapSettings(config, isMobile), [config, isMobile]);
  const treeQuery = useMapGroupTree();
  const itemsQuery = useMapItems();
  const tree = treeQuery.data ?? [];
  const items = itemsQuery.data ?? [];
  const mapRef = useRef<MapRef>(null);
  const { ref: pageRef, height: pageHeight } = useElementSize();

  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // Spec 001 §2: ?occurrence=<id>, with an optional box, opens that incident on arrival.
  const [occurrence] = useState(() => readOccurrence(searchParams));
  const [selectedGroups, setSelectedGroups] = useState<Set<number>>(new Set());
  const [selectedIncidents, setSelectedIncidents] = useState<Set<TIncidentKind>>(new Set());
  const [incidentFilter, setIncidentFilter] = useState<TIncidentFilter>(NO_INCIDENT_FILTER);
  const [isIncidentFilterOpen, setIncidentFilterOpen] = useState(false);
  const [isTrafficSelected, setTrafficSelected] = useState(false);
  const [isFilterOpen, setFilterOpen] = useState(!isMobile);
  const [selection, setSelectionState] = useState<TSelection | null>(
    occurrence ? { kind: 'incident', id: occurrence.id } : null,
  );
  const [isShowingAlternatives, setShowingAlternatives] = useState(false);
  const [reportFor, setReportFor] = useState<{ systemId: number | null } | null>(null);
  const [isMapLoaded, setMapLoaded] = useState(false);
  /** Whether the style's first load was answered with a render of the layers (see onStyleData below). */
  const isStyleLoadSeen = useRef(false);
  const [, setStyleLoads] = useState(0);
  /** The place the search moved the map to, said aloud: the canvas itself says nothing. */
  const [placeShown, setPlaceShown] = useState<TPlaceResult | null>(null);
  /** An incident whose bounds the map fits once its details arrive (the given box, else its own). */
  const pendingFit = useRef<{ id: number; box: [[number, number], [number, number]] | null } | null>(
    occurrence ? { id: occurrence.id, box: occurrence.box } : null,
  );
  const setSelection = (next: TSelection | null) => {
    // Alternative paths belong to the card that asked for them: gone when it closes or changes.
    setShowingAlternatives(false);
    setSelectionState(next);
  };
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [areResultsShown, setResultsShown] = useState(true);
  // The map (application) this page shows: a choice of map type made on another one does not carry over.
  const mapId = String(config.appId ?? '');
  const [mapTypeChoice, setMapTypeChoice] = useState<TMapTypeChoice>({ mapId, value: 'BASE' });
  const extraLayers = useExtraLayers().data;
  const mapTypes = useMemo(() => mapTypeOptions(config, extraLayers ?? []), [config, extraLayers]);
  const mapType = effectiveMapType(mapTypeChoice, mapId, mapTypes);
  const usage = useMapUsage({
    groups: [...selectedGroups].sort((a, b) => a - b),
    traffic: isTrafficSelected,
    incidents: [...selectedIncidents].sort(),
  });
  const selectSystem = (id: number) => {
    setSelection({ kind: 'system', id });
    usage.recordSystemClick(id);
  };
  const isReportingAllowed = config.allowEventReporting === true;

  const traffic = useTraffic(settings.isTrafficEnabled && isTrafficSelected);
  const search = usePublicSystemSearch(debouncedSearch, [...selectedGroups]);
  const placeSearch = usePlaceSearch(debouncedSearch);
  const selectedSystem = usePublicSystem(selection?.kind === 'system' ? selection.id : null);
  const selectedIncident = usePublicEvent(selection?.kind === 'incident' ? selection.id : null);
  const controlsRef = useClickOutside(() => {
    // A dialog opened from the panel lies outside it: working in it must not fold the panel away.
    if (isMobile && !isIncidentFilterOpen) setFilterOpen(false);
  });

  const groups = useMemo(() => groupsById(tree), [tree]);
  const drawnGroups = useMemo(() => {
    // Picking only incidents shows only incidents: "show all on an empty filter" means nothing picked at all.
    const showAll = settings.showAllOnEmptyFilter && selectedIncidents.size === 0;
    return drawnGroupIds(tree, selectedGroups, showAll);
  }, [tree, selectedGroups, selectedIncidents, settings.showAllOnEmptyFilter]);
  const checkLayer = useLayerCheck(
    [...drawnGroups].some((id) => {
      const group = groups.get(id);
      return group !== undefined && hasCustomLayers(group);
    }),
  );
  const layers = useMemo(
    () => buildGroupLayers(items, groups, drawnGroups, selectedGroups.size > 0, checkLayer),
    [items, groups, drawnGroups, selectedGroups, checkLayer],
  );

  const tileSources = useTileJsons(layers.flatMap((layer) => (layer.tilesUrl ? [layer.tilesUrl] : [])));

  const allowedKinds = useMemo(() => allowedIncidentKinds(config.allowedSystems), [config.allowedSystems]);
  const incidentLayers = useMemo(() => {
    const kinds = drawnIncidentKinds(
      allowedKinds,
      selectedIncidents,
      selectedGroups.size > 0,
      settings.showAllOnEmptyFilter,
    );
    const now = new Date();
    return [...kinds].map((kind) => ({ kind, data: drawnIncidentFeatures(items, kind, incidentFilter, now) }));
  }, [allowedKinds, selectedIncidents, selectedGroups, settings.showAllOnEmptyFilter, items, incidentFilter]);
  const incidentCount = incidentLayers.reduce((sum, layer) => sum + countIncidents(layer.data), 0);

  const interactiveLayers = useMemo(
    () => [
      ...incidentInteractiveLayerIds(incidentLayers.map((layer) => layer.kind)),
      ...layers.flatMap(interactiveGroupLayerIds),
      ...(traffic.data && isTrafficSelected ? [TRAFFIC_LAYER_ID] : []),
    ],
    [layers, incidentLayers, traffic.data, isTrafficSelected],
  );

  /** Room the side panel (or the bottom sheet) and the filter panel take: a fitted incident stays in sight. */
  const clearOfPanels = useMemo(
    () =>
      isMobile
        ? {
            top: 80,
            left: 30,
            right: 30,
            bottom: Math.round(pageHeight * SIDE_PANEL_OPEN_SHARE) + MAP_FIT_PADDING / 2,
          }
        : {
            top: MAP_FIT_PADDING,
            bottom: MAP_FIT_PADDING,
            left: (isFilterOpen ? FILTER_PANEL_WIDTH + 12 : 0) + MAP_FIT_PADDING,
            right: SIDE_PANEL_WIDTH + 56 + MAP_FIT_PADDING,
          },
    [isMobile, pageHeight, isFilterOpen],
  );

  const firstFullRender = useFirstFullRender(
    mapRef,
    isMapLoaded && treeQuery.isSuccess && itemsQuery.isSuccess && tileSources.isSettled,
  );

  // Fits the map to an incident opened by link or from a system card, once both it and the map are there.
  const incidentData = selectedIncident.data;
  useEffect(() => {
    const pending = pendingFit.current;
    const map = mapRef.current;
    if (!pending || !incidentData || incidentData.id !== pending.id || !map || !isMapLoaded) return;
    pendingFit.current = null;
    const bounds = pending.box ?? boundsOfBox(incidentData.boundingBox);
    map.fitBounds(bounds, { padding: clearOfPanels, maxZoom: 17 });
  }, [incidentData, isMapLoaded, clearOfPanels]);

  const openIncident = (id: number, options: { fit: boolean }) => {
    pendingFit.current = options.fit ? { id, box: null } : null;
    setSelection({ kind: 'incident', id });
  };
  /** A system named on an incident card: its card, and the map brought to it. */
  const openSystem = (id: number) => {
    selectSystem(id);
    void queryClient
      .fetchQuery({
        queryKey: ['mobility-system', 'public', id],
        queryFn: () => api.get<TMobilitySystem>(`mobility-system/${id}/details`),
      })
      .then((system) => flyTo(system))
      .catch(() => undefined);
  };

  // Inside a mobile app: the host hears what is selected and may open a system's card or move the map.
  useHostMap({
    selection: selectionMessage(selection, selectedSystem.data, incidentData),
    isMapLoaded,
    onShowSystem: openSystem,
    onCenter: ({ latitude, longitude, zoom }) =>
      mapRef.current?.flyTo({ center: [longitude, latitude], zoom: zoom ?? mapRef.current.getZoom() }),
  });

  const flyTo = (result: Pick<TPublicSystemResult, 'latitude' | 'longitude' | 'boundingBox'>) => {
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
    const [hit] = [...found].sort((a, b) => hitRank(a) - hitRank(b));
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
    else if (typeof hit.properties._eid === 'number') openIncident(hit.properties._eid, { fit: false });
    else if (typeof hit.properties._msid === 'number') selectSystem(hit.properties._msid);
  };

  const filterCount = selectedGroups.size + selectedIncidents.size + (isTrafficSelected ? 1 : 0);
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
        showNetwork={false}
        initialViewState={{ ...settings.center, zoom: settings.zoom }}
        maxZoom={settings.maxZoom}
        maxBounds={settings.maxBounds ? [...settings.maxBounds[0], ...settings.maxBounds[1]] : undefined}
        interactiveLayerIds={interactiveLayers}
        onClick={handleClick}
        // react-map-gl adds a layer's source only once the style has loaded, and hears of it a timer after the
        // style's first 'styledata': on a slow phone the map's first frame (0.4 s at 4× CPU throttle) came in
        // between, and the groups' tiles were asked for only after it (issue 20, the national map). Rendered
        // again at once, in the style's own task, the sources are there for that frame to ask for their tiles.
        // The images their layers use are provided first: provided at 'load', after the layers had been laid
        // out without them, they had every tile that uses them laid out again and drawn once more.
        onStyleData={(event) => {
          if (isStyleLoadSeen.current) return;
          isStyleLoadSeen.current = true;
          provideGroupIcons(event.target);
          provideClusterCounts(event.target);
          provideIncidentIcons(event.target);
          flushSync(() => setStyleLoads((loads) => loads + 1));
        }}
        onLoad={() => setMapLoaded(true)}
        onRender={firstFullRender.onRender}
        onIdle={firstFullRender.onIdle}
      >
        <SlotLayers />
        <MapTypeLayer option={mapType} language={i18n.language} googleKey={googleMapKey(config)} />
        {isTrafficSelected && traffic.data && <TrafficLayer traffic={traffic.data} />}
        {layers.map((layer) => (
          <GroupLayers
            key={layer.groupId}
            layer={layer}
            tileSource={layer.tilesUrl ? tileSources.sources.get(layer.tilesUrl) : undefined}
          />
        ))}
        {incidentLayers.map((layer) => (
          <IncidentLayers key={layer.kind} kind={layer.kind} data={layer.data} />
        ))}
        {selection?.kind === 'incident' && incidentData && isShowingAlternatives && (
          <AlternativePathsLayer
            features={incidentData.geojson.features.filter((feature) => feature.properties.isAlternative)}
          />
        )}
        {selection?.kind === 'system' && selectedSystem.data?.geometry && (
          <SelectedLayer geometries={[selectedSystem.data.geometry]} />
        )}
        {selection?.kind === 'incident' && incidentData && (
          <SelectedLayer
            geometries={incidentData.geojson.features
              .filter((feature) => !feature.properties.isAlternative)
              .map((feature) => feature.geometry)}
          />
        )}
      </BaseMap>
      <VisuallyHidden role="status" data-testid="map-status">
        {t('map.status', { count: drawnCount })}
      </VisuallyHidden>
      <VisuallyHidden role="status" data-testid="map-place-status">
        {placeShown &&
          t('map.search.placeShown', {
            name: placeShown.name,
            detail: [t(`map.search.kinds.${placeShown.kind}`), placeShown.context].filter(Boolean).join(', '),
          })}
      </VisuallyHidden>
      <VisuallyHidden role="status" data-testid="map-incident-status">
        {t('map.incidentStatus', { count: incidentCount })}
      </VisuallyHidden>
      <Stack
        ref={controlsRef}
        gap="xs"
        pos="absolute"
        top={12}
        left={12}
        // On a phone it leaves the top-right corner to the zoom buttons.
        w={isMobile ? 'calc(100% - 64px)' : FILTER_PANEL_WIDTH}
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
          isSearching={search.isFetching || placeSearch.isFetching}
          onPick={(result) => {
            flyTo(result);
            selectSystem(result.id);
            setResultsShown(false);
            if (isMobile) setFilterOpen(false);
          }}
          places={areResultsShown && placeSearch.isEnabled ? (placeSearch.data ?? null) : null}
          onPickPlace={(place) => {
            setPlaceShown(place);
            flyTo(place);
            setResultsShown(false);
            if (isMobile) setFilterOpen(false);
          }}
          isFilterOpen={isFilterOpen}
          onToggleFilter={() => setFilterOpen((isOpen) => !isOpen)}
          filterCount={filterCount}
          onClearFilter={() => {
            setSelectedGroups(new Set());
            setSelectedIncidents(new Set());
            setTrafficSelected(false);
          }}
        />
        {isFilterOpen && (
          <FilterPanel
            incidents={{
              kinds: allowedKinds,
              selected: selectedIncidents,
              onSelectedChange: setSelectedIncidents,
              settingsCount: countIncidentFilter(incidentFilter),
              onOpenSettings: () => setIncidentFilterOpen(true),
            }}
            tree={tree}
            selected={selectedGroups}
            onSelectedChange={setSelectedGroups}
            isTrafficEnabled={settings.isTrafficEnabled}
            isTrafficSelected={isTrafficSelected}
            onTrafficChange={setTrafficSelected}
          />
        )}
      </Stack>
      <Group
        pos="absolute"
        // On a phone the attribution spans the bottom (it wraps on two lines for a street map's credits):
        // the buttons sit above it rather than over it.
        bottom={isMobile ? 44 : 12}
        left={12}
        gap="xs"
        align="flex-end"
        maw="calc(100% - 64px)"
        style={{ zIndex: 3 }}
      >
        <MapTypeSelector
          options={mapTypes}
          value={mapType.value}
          onChange={(value) => setMapTypeChoice({ mapId, value })}
        />
        {isReportingAllowed && (
          <Button
            leftSection={<IconMessageReport size={18} />}
            onClick={() => setReportFor({ systemId: null })}
            data-testid="map-report-event"
          >
            {t('map.report')}
          </Button>
        )}
      </Group>
      <MapLegend
        incidentKinds={incidentLayers.map((layer) => layer.kind)}
        lines={legendLines(layers, groups)}
        isMobile={isMobile}
      />
      <HighlightsModal />
      {isIncidentFilterOpen && (
        <IncidentFilterModal
          value={incidentFilter}
          onApply={setIncidentFilter}
          onClose={() => setIncidentFilterOpen(false)}
        />
      )}
      {reportFor && (
        <Suspense fallback={null}>
          <ReportEventModal systemId={reportFor.systemId} onClose={() => setReportFor(null)} />
        </Suspense>
      )}
      {selection && (
        <SidePanel isMobile={isMobile} containerHeight={pageHeight} onClose={() => setSelection(null)}>
          {selection.kind === 'system' && (
            <SystemCard
              systemId={selection.id}
              actions={{
                onOpenIncident: (id) => openIncident(id, { fit: true }),
                onReport: isReportingAllowed ? (systemId) => setReportFor({ systemId }) : undefined,
              }}
            />
          )}
          {selection.kind === 'incident' && (
            <IncidentCard
              eventId={selection.id}
              isShowingAlternatives={isShowingAlternatives}
              onShowAlternativesChange={setShowingAlternatives}
              onOpenSystem={openSystem}
            />
          )}
          {selection.kind === 'traffic' && <TrafficCard jam={selection.jam} />}
        </SidePanel>
      )}
    </Box>
  );
}
