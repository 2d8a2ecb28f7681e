import type { TMobilitySystem, TPublicEvent } from '@mip/shared';
import { useEffect, useRef } from 'react';
import { hostApp, type TMapRequest, tellHost, useHostMapRequests } from '../../app/host-app';
import { PAGE_MESSAGE, type TPageMessage } from '../../lib/host-messages';

export type TSelectionMessage = TPageMessage<'SYSTEM_SELECTED' | 'INCIDENT_SELECTED' | 'SELECTION_CLEARED'>;

const CLEARED: TSelectionMessage = { messageType: PAGE_MESSAGE.SELECTION_CLEARED, payload: {} };

/**
 * What the host hears of the map's selection: a system or an incident once its details are in (null
 * while they load); anything else — nothing, or a traffic segment — is no selection it knows of.
 */
export function selectionMessage(
  selection: { kind: 'system' | 'incident' | 'traffic'; id?: number } | null,
  system: Pick<TMobilitySystem, 'id' | 'name' | 'parentId' | 'systemType'> | undefined,
  incident: Pick<TPublicEvent, 'id' | 'title'> | undefined,
): TSelectionMessage | null {
  if (selection?.kind === 'system') {
    if (!system || system.id !== selection.id) return null;
    const payload = { id: system.id, name: system.name, groupId: system.parentId, type: system.systemType };
    return { messageType: PAGE_MESSAGE.SYSTEM_SELECTED, payload };
  }
  if (selection?.kind === 'incident') {
    if (!incident || incident.id !== selection.id) return null;
    return { messageType: PAGE_MESSAGE.INCIDENT_SELECTED, payload: { id: incident.id, title: incident.title } };
  }
  return CLEARED;
}

/**
 * The map's side of the host-app bridge: the host hears what the visitor selects, and its SHOW_SYSTEM
 * and CENTER_MAP are carried out once the map has loaded.
 */
export function useHostMap(options: {
  selection: TSelectionMessage | null;
  isMapLoaded: boolean;
  onShowSystem: (id: number) => void;
  onCenter: (center: { latitude: number; longitude: number; zoom?: number }) => void;
}) {
  const { selection, isMapLoaded, onShowSystem, onCenter } = options;
  // Compared as text: a refetch of the same details is no new selection, and the map opens on none.
  const key = selection && JSON.stringify(selection);
  const told = useRef(JSON.stringify(CLEARED));
  useEffect(() => {
    if (!hostApp || !key || !selection || key === told.current) return;
    told.current = key;
    tellHost(selection);
  }, [key, selection]);

  useHostMapRequests(isMapLoaded, (request: TMapRequest) => {
    if (request.messageType === 'SHOW_SYSTEM') onShowSystem(request.payload.id);
    else onCenter(request.payload);
  });
}
