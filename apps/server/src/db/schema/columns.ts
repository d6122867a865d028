import { date, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money: numeric(14,2), read and written as a string with two decimals ("125000.00"). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** An area (sq ft or sq m): numeric(12,2). */
export const area = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** A calendar date, read and written as 'yyyy-mm-dd'. */
export const day = (name: string) => date(name, { mode: 'string' });
export const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => stamp('created_at').notNull().defaultNow();
export const updatedAt = () => stamp('updated_at').notNull().defaultNow();
