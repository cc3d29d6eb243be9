import { z } from 'zod';

/** The paged lists (audit log, users table) share their limits and their 400 texts. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

export const pagingMessages = {
  page: 'The page must be a whole number from 1',
  pageSize: `The limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  direction: 'The direction must be asc or desc',
} as const;

/** A query-string or path number: '25' is 25, anything else from 1 to `max` answers `message`. */
export const wholeNumber = (message: string, max: number) => z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

/** `?page=&pageSize=`, both optional (page 1 of 25). */
export const pageQueryFields = {
  page: wholeNumber(pagingMessages.page, Number.MAX_SAFE_INTEGER).default(1),
  pageSize: wholeNumber(pagingMessages.pageSize, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** `?sort=&direction=` of a sortable list: one of its `columns` (`fallback` when absent), ascending unless told. */
export function sortQueryFields<const Column extends string>(columns: readonly [Column, ...Column[]], fallback: Column) {
  const sortMessage = `The sort must be one of: ${columns.join(', ')}`;
  return {
    sort: z.enum(columns, { error: sortMessage }).default(fallback),
    direction: z.enum(SORT_DIRECTIONS, { error: pagingMessages.direction }).default('asc'),
  };
}
