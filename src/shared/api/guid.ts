import { z } from 'zod';

/**
 * A GUID as Entra and our own database write it (8-4-4-4-12 hex digits, any case): Entra tenant,
 * application, user and group object ids, and our organization, payment and record ids.
 */
export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isGuid = (value: string): boolean => GUID_PATTERN.test(value);

/** A GUID field: surrounding spaces trimmed, anything else answers `message`. */
export const guid = (message: string) => z.string({ error: message }).trim().regex(GUID_PATTERN, message);
