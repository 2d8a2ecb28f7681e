import { ActionIcon, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { CURRENT_EVENT_COLOUR, FUTURE_EVENT_COLOUR, type TMapItemType } from '@mip/shared';
import { IconChevronDown, IconChevronUp, IconListDetails } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLegendSwatch } from './legend';

const INCIDENT_COLOURS: Partial<Record<TMapItemType, string>> = {
  EVENT: CURRENT_EVENT_COLOUR,
  FUTURE_EVENT: FUTURE_EVENT_COLOUR,
};

function Swatch({ colour, shape }: { colour: string; shape: 'dot' | 'line' }) {
  return (
    <Box
      aria-hidden
      w={shape === 'dot' ? 12 : 18}
      h={shape === 'dot' ? 12 : 4}
      style={{ background: colour, borderRadius: shape === 'dot' ? '50%' : 2, flexShrink: 0 }}
    />
  );
}

function LegendSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fz="xs" fw={700}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function LegendContent({ incidentKinds, lines }: { incidentKinds: TMapItemType[]; lines: TLegendSwatch[] }) {
  const { t } = useTranslation();
  const kinds = incidentKinds.filter((kind) => INCIDENT_COLOURS[kind]);
  return (
    <Stack gap="xs">
      {kinds.length > 0 && (
        <LegendSection title={t('map.legend.incidents')}>
          {kinds.map((kind) => (
            <Group key={kind} gap={6} wrap="nowrap">
              <Swatch colour={INCIDENT_COLOURS[kind] as string} shape="dot" />
              <Text fz="xs">{t(kind === 'EVENT' ? 'map.legend.current' : 'map.legend.future')}</Text>
            </Group>
          ))}
        </LegendSection>
      )}
      {lines.length > 0 && (
        <LegendSection title={t('map.legend.lines')}>
          {lines.map((line) => (
            <Group key={`${line.label}|${line.colour}`} gap={6} wrap="nowrap">
              <Swatch colour={line.colour} shape="line" />
              <Text fz="xs" lineClamp={1}>
                {line.label}
              </Text>
            </Group>
          ))}
        </LegendSection>
      )}
    </Stack>
  );
}

/**
 * What the map's colours mean: incidents now and to come, and the lines (or
 * networks) drawn. Open at the bottom right on a wide screen; on a phone an
 * icon under the zoom buttons, since the bottom belongs to the report button.
 */
export function MapLegend({
  incidentKinds,
  lines,
  isMobile,
}: {
  incidentKinds: TMapItemType[];
  lines: TLegendSwatch[];
  isMobile: boolean;
}) {
  const { t } = useTranslation();
  const contentId = useId();
  const [isOpen, setOpen] = useState<boolean | null>(null);
  // Until toggled, open on a wide screen and closed on a phone (whichever the window turns out to be).
  const isShown = isOpen ?? !isMobile;
  if (incidentKinds.length === 0 && lines.length === 0) return null;
  if (isMobile) {
    return (
      <Box pos="absolute" top={84} right={10} style={{ zIndex: 3 }}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('map.legend.title')}
          aria-expanded={isShown}
          aria-controls={contentId}
          onClick={() => setOpen(!isShown)}
          ml="auto"
          display="flex"
        >
          <IconListDetails size={18} />
        </ActionIcon>
        {isShown && (
          <Paper
            id={contentId}
            withBorder
            shadow="sm"
            p="xs"
            mt={6}
            maw={200}
            mah="50dvh"
            style={{ overflowY: 'auto' }}
          >
            <LegendContent incidentKinds={incidentKinds} lines={lines} />
          </Paper>
        )}
      </Box>
    );
  }
  return (
    <Paper pos="absolute" bottom={32} right={10} withBorder shadow="xs" p="xs" w={190} style={{ zIndex: 3 }}>
      <UnstyledButton w="100%" aria-expanded={isShown} aria-controls={contentId} onClick={() => setOpen(!isShown)}>
        <Group justify="space-between" gap={4}>
          <Text fz="sm" fw={700}>
            {t('map.legend.title')}
          </Text>
          {isShown ? <IconChevronDown size={16} aria-hidden /> : <IconChevronUp size={16} aria-hidden />}
        </Group>
      </UnstyledButton>
      {isShown && (
        <Box id={contentId} mt={6} mah="40dvh" style={{ overflowY: 'auto' }}>
          <LegendContent incidentKinds={incidentKinds} lines={lines} />
        </Box>
      )}
    </Paper>
  );
}
