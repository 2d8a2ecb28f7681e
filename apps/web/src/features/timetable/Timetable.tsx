import '@mantine/dates/styles.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import {
  groupServiceDays,
  type TMobilitySystemType,
  type TRouteDirection,
  type TRouteStopTimes,
  type TSchedule,
  type TScheduleRoute,
  type TScheduleService,
  type TStopTime,
  todayInTimeZone,
} from '@mip/shared';
import { IconCalendar, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableText } from '../../app/readable-text';
import { DelayedLoader } from '../../components/DelayedLoader';
import { formatIsoDay } from '../../lib/dates';
import {
  distinctLines,
  groupByHour,
  headsignNotes,
  lineOptionLabel,
  nextPassings,
  secondsNowIn,
  type TClockTime,
} from './timetable-format';
import { useClock } from './useClock';
import { useSchedule } from './useSchedule';

const NEXT_PASSINGS = 6;

function ClockTime({ time }: { time: TClockTime }) {
  const { t } = useTranslation();
  return (
    <Text component="span" ff="monospace" fz="sm">
      {time.text}
      {time.isNextDay && (
        <Text
          component="sup"
          fz={10}
          c={readableText('grape')}
          ml={2}
          title={t('timetable.nextDay')}
          aria-label={t('timetable.nextDay')}
        >
          {t('timetable.nextDayShort')}
        </Text>
      )}
    </Text>
  );
}

/** A service in words — its days and its dates — never its GTFS id, which means nothing to a traveller. */
function useServiceText() {
  const { t } = useTranslation();
  return (service: TScheduleService) => {
    const { groups, days } = groupServiceDays(service.serviceDays);
    return {
      labels: [
        ...groups.map((group) => t(`mobility.dayGroups.${group}`)),
        ...days.map((day) => t(`mobility.days.${day}`)),
      ],
      dates:
        service.startDate && service.endDate
          ? t('timetable.serviceDates', { start: formatIsoDay(service.startDate), end: formatIsoDay(service.endDate) })
          : t('timetable.serviceDatesOnly'),
    };
  };
}

function ServiceList({ services }: { services: TScheduleService[] }) {
  const { t } = useTranslation();
  const describe = useServiceText();
  // A feed with one service per train lists the same days many times over: each wording once.
  const described = [
    ...new Map(
      services.map((service) => {
        const text = describe(service);
        return [`${text.labels.join(',')}|${text.dates}`, text];
      }),
    ).entries(),
  ];
  return (
    <Stack gap={6}>
      <Title order={3} size="h6">
        {t('timetable.services')}
      </Title>
      <List spacing={4} listStyleType="none" aria-label={t('timetable.services')}>
        {described.map(([key, { labels, dates }]) => (
          <List.Item key={key}>
            <Group gap={6} wrap="wrap">
              {labels.map((label) => (
                <Badge key={label} variant="outline" color="blue.9">
                  {label}
                </Badge>
              ))}
              <Text fz="xs" c="dimmed">
                {dates}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function NextPassings({ times, schedule }: { times: TStopTime[]; schedule: TSchedule }) {
  const { t } = useTranslation();
  const now = useClock();
  if (schedule.date !== todayInTimeZone(schedule.timezone, now)) return null;
  const upcoming = nextPassings(times, secondsNowIn(schedule.timezone, now), NEXT_PASSINGS);
  return (
    <Stack gap={6}>
      <Title order={3} size="h6">
        {t('timetable.nextPassings')}
      </Title>
      {upcoming.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('timetable.noPassingsToday')}
        </Text>
      ) : (
        <Group gap="xs" aria-label={t('timetable.nextPassings')} role="list">
          {upcoming.map((time) => (
            <Badge
              key={`${time.seconds}`}
              role="listitem"
              size="lg"
              variant="outline"
              color="dark"
              leftSection={<IconClockHour4 size={14} aria-hidden />}
            >
              <ClockTime time={time} />
              {(time.tripShortName || time.headsign) && (
                <Text component="span" fz="xs" ml={6} tt="none">
                  {[time.tripShortName, time.headsign && t('timetable.towards', { headsign: time.headsign })]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              )}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function PassingsByHour({ times }: { times: TStopTime[] }) {
  const { t } = useTranslation();
  const rows = useMemo(() => groupByHour(times), [times]);
  const notes = useMemo(() => headsignNotes(times), [times]);
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Title order={3} size="h6">
          {t('timetable.passings')}
        </Title>
        <Text fz="xs" c="dimmed">
          {t('timetable.passingsCount', { count: times.length })}
        </Text>
      </Group>
      <Table withTableBorder verticalSpacing={4} aria-label={t('timetable.passings')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72}>{t('timetable.hour')}</Table.Th>
            <Table.Th>{t('timetable.minutes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.serviceHour}>
              <Table.Th scope="row" ff="monospace">
                {String(row.hour).padStart(2, '0')}
                {row.isNextDay && (
                  <Text component="sup" fz={10} c={readableText('grape')} ml={2} aria-label={t('timetable.nextDay')}>
                    {t('timetable.nextDayShort')}
                  </Text>
                )}
              </Table.Th>
              <Table.Td>
                <Group gap="sm">
                  {row.times.map((time, i) => (
                    // Two runs may leave in the same minute.
                    // biome-ignore lint/suspicious/noArrayIndexKey: times are sorted and never move
                    <Text key={i} component="span" ff="monospace" fz="sm">
                      {String(time.minute).padStart(2, '0')}
                      {time.headsign && (
                        <Text
                          component="sup"
                          fz={10}
                          fw={700}
                          c={readableText('blue')}
                          ml={1}
                          aria-label={t('timetable.towards', { headsign: time.headsign })}
                        >
                          {notes.get(time.headsign)}
                        </Text>
                      )}
                      {time.tripShortName && (
                        <Text component="span" fz={11} c="dimmed" ml={3} ff="sans-serif">
                          {t('timetable.tripNumber', { number: time.tripShortName })}
                        </Text>
                      )}
                    </Text>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {notes.size > 0 && (
        <List spacing={2} fz="xs" listStyleType="none" aria-label={t('timetable.otherDestinations')}>
          {[...notes.entries()].map(([headsign, letter]) => (
            <List.Item key={letter}>
              <Text component="span" fw={700} c={readableText('blue')} fz="xs">
                {letter}
              </Text>{' '}
              — {t('timetable.towards', { headsign })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function StopList({
  stops,
  selectedStopId,
  onSelect,
}: {
  stops: TRouteStopTimes[];
  selectedStopId: number | null;
  onSelect?: (stopId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Title order={3} size="h6">
        {t('timetable.stops')}
      </Title>
      <List type="ordered" spacing={2} fz="sm" aria-label={t('timetable.stops')}>
        {stops.map(({ stop }) => {
          const isSelected = stop.id === selectedStopId;
          const label = (
            <Text
              component="span"
              fz="sm"
              fw={isSelected ? 700 : 400}
              c={isSelected ? readableText('blue') : undefined}
            >
              {stop.name}
            </Text>
          );
          return (
            <List.Item key={stop.id} aria-current={isSelected ? 'location' : undefined}>
              {onSelect && !isSelected ? (
                <UnstyledButton onClick={() => onSelect(stop.id)} td="underline">
                  {label}
                </UnstyledButton>
              ) : (
                label
              )}
              {isSelected && (
                <Text component="span" fz="xs" c="dimmed" ml={6}>
                  ({t('timetable.selectedStop')})
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

function DateField({ value, onChange }: { value: string | null; onChange: (day: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language === 'pt-PT' ? 'pt' : 'en', firstDayOfWeek: 1, weekendDays: [] }}>
      <DatePickerInput
        label={t('timetable.date')}
        leftSection={<IconCalendar size={16} aria-hidden />}
        valueFormat="DD-MM-YYYY"
        value={value}
        onChange={(day) => day && onChange(day)}
        ariaLabels={{
          nextMonth: t('timetable.nextMonth'),
          previousMonth: t('timetable.previousMonth'),
          nextYear: t('timetable.nextYear'),
          previousYear: t('timetable.previousYear'),
          nextDecade: t('timetable.nextDecade'),
          previousDecade: t('timetable.previousDecade'),
        }}
        miw={160}
      />
    </DatesProvider>
  );
}

function routeLabel(t: TFunction, route: TScheduleRoute): string {
  const name = [route.shortName, route.longName].filter(Boolean).join(' · ');
  return route.headsign ? `${name} — ${t('timetable.towards', { headsign: route.headsign })}` : name;
}

function DirectionSwitch({
  routes,
  value,
  onChange,
}: {
  routes: TScheduleRoute[];
  value: TRouteDirection;
  onChange: (direction: TRouteDirection) => void;
}) {
  const { t } = useTranslation();
  // Headsigns are long: on a phone, or in a narrow side panel, the two directions stack
  // instead of running off the edge.
  const isPhone = useMediaQuery('(max-width: 36em)');
  const isNarrow = useContext(CompactTimetable) || isPhone;
  if (routes.length < 2) return null;
  return (
    <Stack gap={4} w={isNarrow ? '100%' : undefined}>
      <Text component="span" fz="sm" fw={500} id="timetable-direction">
        {t('timetable.direction')}
      </Text>
      <SegmentedControl
        color="blue.8"
        orientation={isNarrow ? 'vertical' : 'horizontal'}
        fullWidth={isNarrow}
        aria-labelledby="timetable-direction"
        value={value}
        onChange={(next) => onChange(next as TRouteDirection)}
        data={routes.map((route) => ({
          value: route.direction,
          label: route.headsign
            ? t('timetable.towards', { headsign: route.headsign })
            : t(`timetable.directions.${route.direction}`),
        }))}
      />
    </Stack>
  );
}

function EmptyState({ text, help }: { text: string; help?: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={text}>
      {help}
    </Alert>
  );
}

/**
 * "No timetable for this date" — and, when the date lies outside the days the
 * network's timetable covers (an expired or future feed), which days those are
 * and a way to the nearest one.
 */
function NoTimetableForDate({ schedule, onDate }: { schedule: TSchedule; onDate: (date: string) => void }) {
  const { t } = useTranslation();
  const { coverage, date } = schedule;
  const nearest = coverage && (date > coverage.to ? coverage.to : date < coverage.from ? coverage.from : null);
  if (!coverage || !nearest) return <EmptyState text={t('timetable.noTimetableForDate')} />;
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={t('timetable.noTimetableForDate')}
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">
          {t('timetable.coverage', { from: formatIsoDay(coverage.from), to: formatIsoDay(coverage.to) })}
        </Text>
        <Button size="xs" variant="default" onClick={() => onDate(nearest)}>
          {t('timetable.goToDate', { date: formatIsoDay(nearest) })}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Whether the timetable sits in a narrow column, whatever the screen's width. */
const CompactTimetable = createContext(false);

/** The passings, services and stop list of one stop on one line and direction. */
function Passings({
  schedule,
  times,
  stops,
  selectedStopId,
  onSelectStop,
}: {
  schedule: TSchedule;
  times: TStopTime[];
  stops: TRouteStopTimes[];
  selectedStopId: number | null;
  onSelectStop?: (stopId: number) => void;
}) {
  const { t } = useTranslation();
  if (times.length === 0) return <EmptyState text={t('timetable.noTimetableForDate')} />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="md">
        <NextPassings times={times} schedule={schedule} />
        <PassingsByHour times={times} />
      </Stack>
      <Stack gap="md">
        {schedule.services.length > 0 && <ServiceList services={schedule.services} />}
        {stops.length > 0 && <StopList stops={stops} selectedStopId={selectedStopId} onSelect={onSelectStop} />}
      </Stack>
    </SimpleGrid>
  );
}

/**
 * What a timetable shows before its data: a loader, a load error or "not yet
 * available"; null once there is a timetable to show. Also settles the date
 * on the one the server answered for (today where the network runs).
 */
function useScheduleGate(
  query: ReturnType<typeof useSchedule>,
  date: string | null,
  onDate: (day: string) => void,
): ReactNode | null {
  const { t } = useTranslation();
  useEffect(() => {
    if (!date && query.data?.available) onDate(query.data.date);
  }, [date, query.data, onDate]);
  if (query.isLoading) return <DelayedLoader minHeight={120} />;
  if (query.isError || !query.data) return <EmptyState text={t('timetable.loadError')} />;
  if (!query.data.available) {
    return <EmptyState text={t('timetable.notAvailable')} help={t('timetable.notAvailableHelp')} />;
  }
  return null;
}

/** For a stop: pick a line (and its direction); the stop's passings on it and the line's stops. */
function StopTimetable({
  stopId,
  date,
  onDate,
}: {
  stopId: number;
  date: string | null;
  onDate: (day: string) => void;
}) {
  const { t } = useTranslation();
  const overview = useSchedule({ stopId, date });
  const [routeId, setRouteId] = useState<number | null>(null);
  const [direction, setDirection] = useState<TRouteDirection>('MAIN');
  const lines = overview.data?.routes ?? [];
  const lineIds = distinctLines(lines).map((route) => route.id);
  const chosenRouteId = routeId !== null && lineIds.includes(routeId) ? routeId : (lineIds[0] ?? null);
  const lineDirections = lines.filter((route) => route.id === chosenRouteId);
  const chosenDirection = lineDirections.some((route) => route.direction === direction)
    ? direction
    : (lineDirections[0]?.direction ?? 'MAIN');
  const detail = useSchedule(
    { stopId, routeId: chosenRouteId ?? undefined, direction: chosenDirection, date },
    chosenRouteId !== null,
  );

  const gate = useScheduleGate(overview, date, onDate);
  if (gate || !overview.data) return gate;
  const schedule = overview.data;
  const detailRoute = detail.data?.routes[0];

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('timetable.line')}
          placeholder={t('timetable.linePlaceholder')}
          data={lineIds.map((id) => ({
            value: String(id),
            label: lineOptionLabel(lines, id, (headsign) => t('timetable.towards', { headsign })),
          }))}
          value={chosenRouteId === null ? null : String(chosenRouteId)}
          onChange={(value) => value && setRouteId(Number(value))}
          allowDeselect={false}
          searchable
          disabled={lineIds.length === 0}
          miw={260}
        />
        <DirectionSwitch routes={lineDirections} value={chosenDirection} onChange={setDirection} />
        <DateField value={date ?? schedule.date} onChange={onDate} />
      </Group>
      {lines.length === 0 ? (
        <NoTimetableForDate schedule={schedule} onDate={onDate} />
      ) : detail.isLoading || !detail.data ? (
        <DelayedLoader minHeight={120} />
      ) : (
        <Stack gap="sm">
          {detailRoute && (
            <Text fz="sm" c="dimmed">
              {routeLabel(t, detailRoute)}
            </Text>
          )}
          <Passings
            schedule={detail.data}
            times={detailRoute?.stopTimes ?? []}
            stops={detail.data.routeStopTimes}
            selectedStopId={stopId}
          />
        </Stack>
      )}
    </Stack>
  );
}

/** For a route: pick a direction and a stop; that stop's passings and the route's stop list. */
function RouteTimetable({
  routeId,
  date,
  onDate,
}: {
  routeId: number;
  date: string | null;
  onDate: (day: string) => void;
}) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<TRouteDirection>('MAIN');
  const [stopId, setStopId] = useState<number | null>(null);
  const query = useSchedule({ routeId, direction, date });

  const gate = useScheduleGate(query, date, onDate);
  if (gate || !query.data) return gate;
  const schedule = query.data;
  const stops = schedule.routeStopTimes;
  const servedStops = stops.filter((stop) => stop.stopTimes.length > 0);
  const chosen = stops.find((stop) => stop.stop.id === stopId) ?? servedStops[0] ?? stops[0] ?? null;
  const current = schedule.routes.find((route) => route.direction === direction);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <DirectionSwitch
          routes={schedule.routes}
          value={direction}
          onChange={(next) => {
            setDirection(next);
            setStopId(null);
          }}
        />
        <Select
          label={t('timetable.stop')}
          placeholder={t('timetable.stopPlaceholder')}
          data={stops.map((stop) => ({ value: String(stop.stop.id), label: stop.stop.name }))}
          value={chosen ? String(chosen.stop.id) : null}
          onChange={(value) => value && setStopId(Number(value))}
          allowDeselect={false}
          searchable
          disabled={stops.length === 0}
          miw={220}
        />
        <DateField value={date ?? schedule.date} onChange={onDate} />
      </Group>
      {current && (
        <Text fz="sm" c="dimmed">
          {routeLabel(t, current)}
        </Text>
      )}
      {servedStops.length === 0 ? (
        <NoTimetableForDate schedule={schedule} onDate={onDate} />
      ) : (
        <Passings
          schedule={schedule}
          times={chosen?.stopTimes ?? []}
          stops={stops}
          selectedStopId={chosen?.stop.id ?? null}
          onSelectStop={setStopId}
        />
      )}
    </Stack>
  );
}

/**
 * The timetable viewer of spec 001: for a stop (pick a line) or a route (pick
 * a stop); date picker, services of the day, next passings, direction switch,
 * stop list. Times are shown without seconds; a service-day time past 24:00
 * shows as the next day's hour, marked.
 */
export function Timetable({
  systemId,
  systemType,
  initialDate = null,
  isCompact = false,
}: {
  systemId: number;
  systemType: TMobilitySystemType;
  /** "YYYY-MM-DD"; without it, today where the network runs. */
  initialDate?: string | null;
  /** Laid out for a narrow column (the map's side panel) whatever the screen's width. */
  isCompact?: boolean;
}) {
  const { t } = useTranslation();
  const [date, setDate] = useState<string | null>(initialDate);
  return (
    <CompactTimetable.Provider value={isCompact}>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('timetable.title')}
          </Title>
          {systemType === 'STOP' ? (
            <StopTimetable stopId={systemId} date={date} onDate={setDate} />
          ) : systemType === 'ROUTE' ? (
            <RouteTimetable routeId={systemId} date={date} onDate={setDate} />
          ) : (
            <EmptyState text={t('timetable.notAvailable')} />
          )}
        </Stack>
      </Card>
    </CompactTimetable.Provider>
  );
}
