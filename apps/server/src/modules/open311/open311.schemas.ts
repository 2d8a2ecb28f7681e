import { ZId, ZQueryList } from '@mip/shared';
import { z } from 'zod';

/**
 * Open311 GeoReport v2 (JSON), the public interface other city apps speak:
 * services are the public event categories, service requests are event
 * requests. Its shapes are its own (snake_case, ids as text), so they live
 * here, beside the only code that speaks it.
 */

export const OPEN311_STATUSES = ['open', 'closed'] as const;

export const ZOpen311Service = z.object({
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  metadata: z.boolean(),
  type: z.literal('realtime'),
  keywords: z.string(),
  group: z.string(),
});
export type TOpen311Service = z.infer<typeof ZOpen311Service>;

/** Our services take no extra attributes (metadata false). */
export const ZOpen311ServiceDefinition = z.object({
  service_code: z.string(),
  attributes: z.array(z.never()),
});

/** A service request as the public sees it: never the reporter's name or email. */
export const ZOpen311Request = z.object({
  service_request_id: z.string(),
  status: z.enum(OPEN311_STATUSES),
  status_notes: z.string().nullable(),
  service_name: z.string(),
  service_code: z.string(),
  description: z.string(),
  agency_responsible: z.string().nullable(),
  service_notice: z.string().nullable(),
  address: z.string().nullable(),
  address_id: z.string().nullable(),
  zipcode: z.string().nullable(),
  requested_datetime: z.string(),
  updated_datetime: z.string(),
  expected_datetime: z.string().nullable(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  media_url: z.string().nullable(),
});
export type TOpen311Request = z.infer<typeof ZOpen311Request>;

/** Open311's error answer: a list of {code, description}, code being the HTTP status. */
export const ZOpen311Errors = z.array(z.object({ code: z.number().int(), description: z.string() }));
export type TOpen311Errors = z.infer<typeof ZOpen311Errors>;

const ZDateTime = z.iso.datetime({ offset: true, error: 'INVALID_DATE' });

/** GET /requests.json: any of the filters; jurisdiction_id is accepted and ignored (one jurisdiction). */
export const ZOpen311RequestsQuery = z.object({
  service_request_id: ZQueryList(ZId),
  service_code: ZQueryList(ZId),
  start_date: ZDateTime.optional(),
  end_date: ZDateTime.optional(),
  status: ZQueryList(z.enum(OPEN311_STATUSES)),
  jurisdiction_id: z.string().max(200).optional(),
});
export type TOpen311RequestsQuery = z.output<typeof ZOpen311RequestsQuery>;

const ZText = (max: number) => z.string().max(max).optional();
/** A coordinate arrives as text in a form and as a number in JSON. */
const ZCoordinate = z.union([z.number(), z.string().max(40)]).optional();

/** POST /requests.json, form-encoded or JSON. media_url, device_id and the like are accepted and ignored. */
export const ZOpen311RequestInput = z.object({
  jurisdiction_id: ZText(200),
  service_code: z.union([z.number(), z.string().max(20)]).optional(),
  lat: ZCoordinate,
  long: ZCoordinate,
  address_string: ZText(500),
  email: ZText(320),
  first_name: ZText(100),
  last_name: ZText(100),
  phone: ZText(50),
  description: ZText(5000),
  media_url: ZText(2000),
});
export type TOpen311RequestInput = z.output<typeof ZOpen311RequestInput>;

export const ZOpen311Created = z.array(z.object({ service_request_id: z.string() }));

export const ZOpen311CodeParams = z.object({ code: z.string().max(100) });
export const ZOpen311IdParams = z.object({ id: z.string().max(100) });
