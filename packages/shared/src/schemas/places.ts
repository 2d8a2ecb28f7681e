import { z } from 'zod';

export const ZDistrict = z.object({ id: z.string(), name: z.string() });
export const ZCounty = z.object({ id: z.string(), name: z.string(), districtId: z.string() });
export const ZParish = z.object({ id: z.string(), name: z.string(), countyId: z.string() });
export const ZCountry = z.object({
  id: z.string(),
  alpha3: z.string(),
  numeric: z.string(),
  namePt: z.string(),
  nameEn: z.string(),
});
export type TDistrict = z.infer<typeof ZDistrict>;
export type TCounty = z.infer<typeof ZCounty>;
export type TParish = z.infer<typeof ZParish>;
export type TCountry = z.infer<typeof ZCountry>;

export const ZCountyQuery = z.object({ districtId: z.string().max(8).optional() });
export const ZParishQuery = z.object({ countyId: z.string().max(8).optional() });
