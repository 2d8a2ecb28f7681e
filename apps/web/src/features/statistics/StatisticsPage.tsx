import '@mantine/charts/styles.css';
import { AreaChart, BarsList, DonutChart } from '@mantine/charts';
import {
  Card,
  Center,
  Group,
  LoadingOverlay,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { type TUsageSummary, USAGE_MAX_RANGE_DAYS } from '@mip/shared';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeInputs } from '../../components/dates/DateRangeInputs';
import type { TDateRange } from '../../components/dates/date-range';
import { dateValueOfDay, dayOfDateValue } from '../../components/dates/date-value';
import { NoValue } from '../../components/display';
import { TitledSection } from '../../components/TitledSection';
import { formatNumber } from '../../lib/numbers';
import { useSession } from '../auth/session-store';
import { DEFAULT_PRESET, formatDuration, lastDays, presetOf, RANGE_PRESETS, type TDayRange } from './statistics-range';
import { useUsageSummary } from './useStatistics';

const DAY_FORMAT = 'DD-MM-YYYY';
/** Mantine colours dark enough on white and on the dark theme alike. */
const SLICE_COLOURS = ['teal.7', 'blue.7', 'orange.7', 'grape.7', 'red.7', 'cyan.8', 'lime.8', 'gray.6'];

type TCount = TUsageSummary['deviceTypes'][number];

const toPicked = (range: TDayRange, timeZone: string | undefined): TDateRange => ({
  from: dateValueOfDay(range.from, { timeZone }),
  to: dateValueOfDay(range.to, { timeZone, endOfDay: true }),
});

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

function NoData() {
  const { t } = useTranslation();
  return (
    <Center mih={80}>
      <Text size="sm" c="dimmed">
        {t('statistics.noData')}
      </Text>
    </Center>
  );
}

/** Sessions by one label as bars with their numbers. */
function CountBars({ counts, label }: { counts: TCount[]; label: string }) {
  const { t } = useTranslation();
  if (counts.length === 0) return <NoData />;
  return (
    <BarsList
      barsLabel={label}
      valueLabel={t('statistics.sessions')}
      barColor="teal.1"
      barTextColor="dark.9"
      data={counts.map((count) => ({ name: count.name ?? t('statistics.unknown'), value: count.sessions }))}
    />
  );
}

function DevicesChart({ counts }: { counts: TCount[] }) {
  const { t } = useTranslation();
  if (counts.length === 0) return <NoData />;
  const deviceName = (name: string | null) =>
    name ? t(`statistics.devices.${name}`, { defaultValue: name }) : t('statistics.unknown');
  const data = counts.map((count, index) => ({
    name: deviceName(count.name),
    value: count.sessions,
    color: SLICE_COLOURS[index % SLICE_COLOURS.length],
  }));
  return (
    <Group align="center" gap="xl" wrap="wrap">
      {/* The table beside it carries the numbers. */}
      <DonutChart data={data} size={150} thickness={26} withTooltip accessibilityLayer={false} />
      <Table withRowBorders={false} w="auto" aria-label={t('statistics.devicesTitle')}>
        <Table.Tbody>
          {data.map((slice) => (
            <Table.Tr key={slice.name}>
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  <span
                    aria-hidden
                    style={{
                      width: 12,
                      height: 12,
                      borderRadius: 3,
                      background: `var(--mantine-color-${slice.color.replace('.', '-')})`,
                    }}
                  />
                  <Text size="sm">{slice.name}</Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600}>
                  {slice.value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Group>
  );
}

/**
 * /statistics: how the public map is used — sessions per day, devices,
 * browsers, systems and the most opened systems — over a range of days.
 */
export default function StatisticsPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const timeZone = session?.timeZone;
  const [range, setRange] = useState<TDayRange>(() => lastDays(DEFAULT_PRESET, timeZone));
  /** What the two fields hold; the range read follows only once both ends are there. */
  const [picked, setPicked] = useState<TDateRange>(() => toPicked(range, timeZone));
  const summary = useUsageSummary(range);
  const data = summary.data;
  const preset = presetOf(range, timeZone);
  const formatDay = (day: string) => dayjs(day).format(DAY_FORMAT);

  const choose = (next: TDayRange) => {
    setRange(next);
    setPicked(toPicked(next, timeZone));
  };

  const handlePick = (next: TDateRange) => {
    setPicked(next);
    const from = dayOfDateValue(next.from, timeZone);
    const to = dayOfDateValue(next.to, timeZone);
    // The server reads at most a year at a time: a longer pick keeps its last year.
    if (from && to) {
      const earliest = dayjs(to)
        .subtract(USAGE_MAX_RANGE_DAYS - 1, 'day')
        .format('YYYY-MM-DD');
      choose({ from: dayjs(from).isBefore(earliest) ? earliest : from, to });
    }
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="md" component="section" aria-label={t('statistics.period')}>
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateRangeInputs label={t('statistics.period')} limitFuture value={picked} onChange={handlePick} />
          {/* On a phone the three periods share the width and may wrap, rather than run off the card. */}
          <SegmentedControl
            fullWidth
            w={{ base: '100%', sm: 'auto' }}
            styles={{ label: { whiteSpace: 'normal' } }}
            aria-label={t('statistics.presets')}
            value={preset ? String(preset) : ''}
            onChange={(days) => choose(lastDays(Number(days), timeZone))}
            data={RANGE_PRESETS.map((days) => ({
              value: String(days),
              label: t('statistics.lastDays', { count: days }),
            }))}
          />
        </Group>
      </Card>

      <div style={{ position: 'relative' }}>
        <LoadingOverlay visible={summary.isFetching && Boolean(data)} overlayProps={{ blur: 1 }} />
        {!data ? (
          <Center mih={200}>
            <Text c="dimmed">{summary.isError ? t('statistics.loadFailed') : t('common.loading')}</Text>
          </Center>
        ) : (
          <Stack gap="lg" data-testid="statistics-summary">
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <Figure label={t('statistics.totalSessions')} value={formatNumber(data.totalSessions, i18n.language)} />
              <Figure label={t('statistics.averageDuration')} value={formatDuration(data.averageDurationSeconds)} />
              <Figure label={t('statistics.totalClicks')} value={formatNumber(data.totalClicks, i18n.language)} />
            </SimpleGrid>

            <TitledSection id="sessions-per-day" title={t('statistics.sessionsPerDay')}>
              <Text size="sm" c="dimmed">
                {t('statistics.rangeText', { from: formatDay(data.from), to: formatDay(data.to) })}
              </Text>
              <AreaChart
                h={240}
                data={data.sessionsPerDay.map((day) => ({ ...day, label: formatDay(day.date) }))}
                dataKey="label"
                series={[{ name: 'sessions', label: t('statistics.sessions'), color: 'teal.7' }]}
                curveType="monotone"
                withDots={data.sessionsPerDay.length <= 31}
                tickLine="y"
                gridAxis="y"
                yAxisProps={{ allowDecimals: false }}
                accessibilityLayer={false}
              />
              <VisuallyHidden>
                <table>
                  <caption>{t('statistics.sessionsPerDay')}</caption>
                  <tbody>
                    {data.sessionsPerDay.map((day) => (
                      <tr key={day.date}>
                        <th scope="row">{formatDay(day.date)}</th>
                        <td>{day.sessions}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </VisuallyHidden>
            </TitledSection>

            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <TitledSection id="devices" title={t('statistics.devicesTitle')}>
                <DevicesChart counts={data.deviceTypes} />
              </TitledSection>
              <TitledSection id="browsers" title={t('statistics.browsersTitle')}>
                <CountBars counts={data.browsers} label={t('statistics.browser')} />
              </TitledSection>
              <TitledSection id="systems" title={t('statistics.systemsTitle')}>
                <CountBars counts={data.operatingSystems} label={t('statistics.operatingSystem')} />
              </TitledSection>
              <TitledSection id="top-systems" title={t('statistics.topSystemsTitle')}>
                {data.topSystems.length === 0 ? (
                  <NoData />
                ) : (
                  <Table striped aria-labelledby="top-systems">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('statistics.system')}</Table.Th>
                        <Table.Th ta="right">{t('statistics.clicks')}</Table.Th>
                        <Table.Th ta="right">{t('statistics.sessions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.topSystems.map((system) => (
                        <Table.Tr key={system.systemId}>
                          <Table.Td>
                            {system.name ?? (
                              <Text span size="sm" c="dimmed">
                                {t('statistics.deletedSystem', { id: system.systemId })}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{system.clicks}</Table.Td>
                          <Table.Td ta="right">{system.sessions || <NoValue />}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </TitledSection>
            </SimpleGrid>
          </Stack>
        )}
      </div>
    </Stack>
  );
}
