import { z } from 'zod';

/** The paged lists (audit log, users table) share their limits and their 400 texts. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

export const pagingMessages = {
  page: 'The page must be a whole number from 1',
  pageSize: `The limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
} as const;

/** A query-string or path number: '25' is 25, anything else from 1 to `max` answers `message`. */
export const wholeNumber = (message: string, max: number) => z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

/** `?page=&pageSize=`, both optional (page 1 of 25). */
export const pageQueryFields = {
  page: wholeNumber(pagingMessages.page, Number.MAX_SAFE_INTEGER).default(1),
  pageSize: wholeNumber(pagingMessages.pageSize, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};
