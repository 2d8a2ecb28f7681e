import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TDatabase } from '../src/db/database.ts';
import { eventCategories } from '../src/db/schema/index.ts';

const unique = () => randomBytes(4).toString('hex');

/** An event category the public may report under (active, allowPublic) unless told otherwise. */
export async function createReportCategory(db: TDatabase, values: Partial<typeof eventCategories.$inferInsert> = {}) {
  const [category] = await db
    .insert(eventCategories)
    .values({ name: `Buraco na via ${unique()}`, allowPublic: true, active: true, ...values })
    .returning();
  return category;
}

let addressCounter = 0;
/** A client address of its own, so each test's reports start with a clean hourly allowance. */
export const nextAddress = () => {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** A phone photo with the reporter's GPS position (Trindade, Porto) and camera tags in its EXIF. */
export function photoWithGps(width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background: '#d9480f' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Camera 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 9/1 788/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '8/1 36/1 3384/100',
      },
    })
    .toBuffer();
}

/** A PNG of random pixels, which no compression shrinks: `bytes` long or a little more. */
export function noisyPng(bytes: number) {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}
