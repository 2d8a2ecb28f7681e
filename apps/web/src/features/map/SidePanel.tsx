import { CloseButton, Group, Paper, ScrollArea, UnstyledButton } from '@mantine/core';
import { type ReactNode, type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHEET_MIN_HEIGHT } from './map-config';

/** Height the sheet opens at, as a share of the map's height. */
export const SIDE_PANEL_OPEN_SHARE = 0.5;
/** Width of the panel beside the map on a desktop. */
export const SIDE_PANEL_WIDTH = 400;
const SHEET_MAX_SHARE = 0.92;

/**
 * Spec 001 §2 side panel with the selected item: beside the map on a desktop, a bottom sheet on a phone
 * that can be dragged down to collapse (never below 100 px) and up again.
 */
export function SidePanel({
  isMobile,
  containerHeight,
  onClose,
  children,
}: {
  isMobile: boolean;
  containerHeight: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const openHeight = Math.max(SHEET_MIN_HEIGHT, Math.round(containerHeight * SIDE_PANEL_OPEN_SHARE));
  const [height, setHeight] = useState<number | null>(null);
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);
  const current = height ?? openHeight;
  const clamp = (value: number) =>
    Math.min(Math.max(SHEET_MIN_HEIGHT, value), Math.round(containerHeight * SHEET_MAX_SHARE));

  const close = <CloseButton aria-label={t('map.panel.close')} onClick={onClose} />;
  const body = (
    <ScrollArea flex={1} px="md" pb="md" type="auto">
      {children}
    </ScrollArea>
  );
  if (!isMobile) {
    return (
      <Paper
        component="aside"
        aria-label={t('map.panel.label')}
        shadow="lg"
        radius="md"
        withBorder
        pos="absolute"
        top={12}
        // Clear of the zoom buttons in the map's top-right corner.
        right={56}
        bottom={12}
        w={SIDE_PANEL_WIDTH}
        style={{ zIndex: 3, display: 'flex', flexDirection: 'column' }}
      >
        <Group justify="flex-end" p={6}>
          {close}
        </Group>
        {body}
      </Paper>
    );
  }

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: current };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (drag.current) setHeight(clamp(drag.current.startHeight + drag.current.startY - event.clientY));
  };
  const isCollapsed = current <= SHEET_MIN_HEIGHT;
  return (
    <Paper
      component="aside"
      aria-label={t('map.panel.label')}
      data-testid="map-bottom-sheet"
      shadow="lg"
      withBorder
      pos="absolute"
      left={0}
      right={0}
      bottom={0}
      h={current}
      style={{
        zIndex: 3,
        display: 'flex',
        flexDirection: 'column',
        borderBottomLeftRadius: 0,
        borderBottomRightRadius: 0,
        borderTopLeftRadius: 'var(--mantine-radius-lg)',
        borderTopRightRadius: 'var(--mantine-radius-lg)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" px={6} pt={4}>
        <UnstyledButton
          flex={1}
          h={28}
          aria-label={t(isCollapsed ? 'map.panel.expand' : 'map.panel.collapse')}
          aria-expanded={!isCollapsed}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            drag.current = null;
          }}
          onClick={(event) => {
            // A keyboard press (no pointer travel) toggles between collapsed and open.
            if (event.detail === 0) setHeight(isCollapsed ? openHeight : SHEET_MIN_HEIGHT);
          }}
          style={{ touchAction: 'none', cursor: 'ns-resize', display: 'flex', justifyContent: 'center' }}
        >
          <span
            aria-hidden
            style={{ width: 48, height: 5, borderRadius: 3, background: 'var(--mantine-color-gray-5)', marginTop: 8 }}
          />
        </UnstyledButton>
        {close}
      </Group>
      {body}
    </Paper>
  );
}
