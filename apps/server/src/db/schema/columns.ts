import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes (token hashes, uploaded files): node-postgres hands them over as Buffers. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
