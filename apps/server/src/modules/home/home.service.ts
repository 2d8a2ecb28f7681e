import {
  can,
  HOME_REPORT_READY_DAYS,
  HOME_SECTION_ITEMS,
  HOME_SECTION_RULES,
  LIVE_EVENT_STATUSES,
  type THomeSection,
  type THomeWork,
  type TPagedList,
  ZEventRequestSearchQuery,
  ZEventSearchQuery,
  ZPageQuery,
} from '@mip/shared';
import type { TDatabase } from '../../db/database.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { searchEventRequests } from '../event-requests/event-requests.service.ts';
import { countEventsByPriority, searchEvents } from '../events/events.service.ts';
import { searchImportJobsToFollow } from '../gtfs/gtfs.service.ts';
import { searchReportJobs } from '../reports/report-generation.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_PAGE = { currentPage: 0, itemsPerPage: HOME_SECTION_ITEMS };

/** A list's first page as a home section: how many there are and the first few. */
const toSection = <T>(page: TPagedList<T>) => ({ total: page.totalItems, items: page.content });

/**
 * The signed-in user's work for the console home. Each section is the first
 * page of the list it links to, asked of that list's own service, so it is
 * scoped exactly as the list is (the caller's entities, or their own reports);
 * a section whose list the caller may not open is left out.
 */
export async function readHomeWork(db: TDatabase, auth: TAuthContext): Promise<THomeWork> {
  const may = (section: THomeSection) => can(auth, HOME_SECTION_RULES[section]);

  const eventRequests = may('eventRequests')
    ? searchEventRequests(
        db,
        ZEventRequestSearchQuery.parse({ ...FIRST_PAGE, status: ['PENDING'], sortProperty: 'date' }),
        auth,
      ).then(toSection)
    : undefined;

  const liveEvents = ZEventSearchQuery.parse({
    ...FIRST_PAGE,
    status: [...LIVE_EVENT_STATUSES],
    sortProperty: 'priority',
    sortDirection: 'DESC',
  });
  const events = may('events')
    ? Promise.all([searchEvents(db, auth, liveEvents), countEventsByPriority(db, auth, liveEvents)]).then(
        ([page, byPriority]) => ({ ...toSection(page), byPriority }),
      )
    : undefined;

  const gtfsImports = may('gtfsImports')
    ? searchImportJobsToFollow(db, ZPageQuery.parse(FIRST_PAGE), auth).then(toSection)
    : undefined;

  const reports = may('reports')
    ? searchReportJobs(db, auth.user.id, ZPageQuery.parse(FIRST_PAGE), {
        readySince: new Date(Date.now() - HOME_REPORT_READY_DAYS * DAY_MS),
      }).then(toSection)
    : undefined;

  const [requestsSection, eventsSection, importsSection, reportsSection] = await Promise.all([
    eventRequests,
    events,
    gtfsImports,
    reports,
  ]);
  return {
    ...(requestsSection && { eventRequests: requestsSection }),
    ...(eventsSection && { events: eventsSection }),
    ...(importsSection && { gtfsImports: importsSection }),
    ...(reportsSection && { reports: reportsSection }),
  };
}
