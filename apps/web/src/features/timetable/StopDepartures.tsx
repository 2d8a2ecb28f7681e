import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type TScheduleRoute, todayInTimeZone } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../components/DelayedLoader';
import { distinctLines, lineTextColor, secondsNowIn, upcomingDepartures } from './timetable-format';
import { useClock } from './useClock';
import { useSchedule } from './useSchedule';

const BOARD_SIZE = 8;
/** Past an hour away a clock time says more than a count of minutes. */
const MINUTES_SHOWN_UNDER = 60;
/** A line without a colour of its own. */
const NEUTRAL_LINE = '#343a40';

/** A line as riders know it: its short name on the line's colour. */
export function LineChip({ route }: { route: Pick<TScheduleRoute, 'shortName' | 'color' | 'textColor'> }) {
  return (
    <Badge
      radius="sm"
      size="lg"
      miw={40}
      styles={{ root: { background: route.color ?? NEUTRAL_LINE, color: lineTextColor(route), textTransform: 'none' } }}
    >
      {route.shortName}
    </Badge>
  );
}

/** "now", "in 5 min", or the clock time when it is an hour away or more. */
function useWhen() {
  const { t } = useTranslation();
  return (minutesAway: number, clock: string) => {
    if (minutesAway < 1) return t('timetable.departingNow');
    if (minutesAway < MINUTES_SHOWN_UNDER) return t('timetable.inMinutes', { count: minutesAway });
    return clock;
  };
}

/**
 * The top of a stop's card: the lines that call there, as colour chips, and
 * the next departures of all of them from now — line, destination, minutes
 * away — before the full day's timetable below.
 */
export function StopDepartures({ stopId }: { stopId: number }) {
  const { t } = useTranslation();
  const when = useWhen();
  const schedule = useSchedule({ stopId });
  const now = useClock();
  if (schedule.isLoading) return <DelayedLoader minHeight={60} />;
  const data = schedule.data;
  if (!data?.available || data.routes.length === 0) return null;
  const lines = distinctLines(data.routes);
  const isToday = data.date === todayInTimeZone(data.timezone, now);
  const board = isToday ? upcomingDepartures(data.routes, secondsNowIn(data.timezone, now), BOARD_SIZE) : [];
  return (
    <Stack gap="sm">
      <section aria-labelledby="stop-lines">
        <Title order={3} size="h6" id="stop-lines" mb={6}>
          {t('timetable.linesHere')}
        </Title>
        <Group component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="stop-lines">
          {lines.map((line) => (
            <li key={line.id} title={line.longName || undefined}>
              <LineChip route={line} />
            </li>
          ))}
        </Group>
      </section>
      {isToday && (
        <section aria-labelledby="stop-departures">
          <Title order={3} size="h6" id="stop-departures" mb={6}>
            {t('timetable.nextDepartures')}
          </Title>
          {board.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('timetable.noPassingsToday')}
            </Text>
          ) : (
            <Table verticalSpacing={4} horizontalSpacing={6} aria-labelledby="stop-departures">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('timetable.line')}</Table.Th>
                  <Table.Th>{t('timetable.destination')}</Table.Th>
                  <Table.Th ta="right">{t('timetable.departs')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {board.map((departure) => (
                  <Table.Tr key={`${departure.route.id}:${departure.route.direction}:${departure.time.seconds}`}>
                    <Table.Td w={56}>
                      <LineChip route={departure.route} />
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" lh={1.3}>
                        {departure.destination ?? departure.route.longName}
                      </Text>
                      {departure.tripShortName && (
                        <Text fz="xs" c="dimmed">
                          {t('timetable.tripNumber', { number: departure.tripShortName })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text fz="sm" fw={600} title={departure.time.text}>
                        {when(departure.minutesAway, departure.time.text)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </section>
      )}
    </Stack>
  );
}
