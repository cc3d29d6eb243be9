// What the users table and the group preview show for a password's remaining days (docs/product.md §States).
import { formatDayCount } from './day-count.js';

export type BadgeTone = 'red' | 'yellow' | 'blue';
export interface ExpiryBadge {
  text: string;
  tone: BadgeTone;
}

/**
 * Users-table badge. 0 or less: 'Expired Today', 'Expired 1 day ago', 'Expired N days ago'.
 * Positive: '1 day' / 'N days': the column is headed 'Expires In', so the badge reads on from it.
 * Tone: 1 or less red, 2-3 yellow, more blue.
 */
export function expiryBadge(daysRemaining: number): ExpiryBadge {
  return { text: expiryBadgeText(daysRemaining), tone: expiryBadgeTone(daysRemaining) };
}

function expiryBadgeText(daysRemaining: number): string {
  if (daysRemaining === 0) return 'Expired Today';
  if (daysRemaining < 0) return `Expired ${formatDayCount(-daysRemaining)} ago`;
  return formatDayCount(daysRemaining);
}

function expiryBadgeTone(daysRemaining: number): BadgeTone {
  if (daysRemaining <= 1) return 'red';
  if (daysRemaining <= 3) return 'yellow';
  return 'blue';
}

export type PreviewTone = 'red' | 'orange' | 'green' | 'none';
export interface PreviewColour {
  text: string;
  tone: PreviewTone;
}

/**
 * 'Preview Users' dialog. null means the password never expires (or has no date): 'Never expires'.
 * 0 or less: 'Expired'. Positive: '1 day' / 'N days'. Tone: 7 or less red, up to 14 orange, more green.
 */
export function previewColour(daysRemaining: number | null): PreviewColour {
  if (daysRemaining === null) return { text: 'Never expires', tone: 'none' };
  const text = daysRemaining <= 0 ? 'Expired' : formatDayCount(daysRemaining);
  if (daysRemaining <= 7) return { text, tone: 'red' };
  if (daysRemaining <= 14) return { text, tone: 'orange' };
  return { text, tone: 'green' };
}

export type RowStatus = 'Notified' | 'Expired' | 'Pending' | 'Not applicable';

/**
 * Status column: Notified wins over Expired (a notified user whose password then lapsed stays
 * Notified). A password without a date (`daysUntilExpiry` null) is never reminded: nothing is pending.
 */
export function rowStatus(record: { status: string; lastNotified: string | Date | null | undefined; daysUntilExpiry?: number | null }): RowStatus {
  const wasNotified = record.lastNotified !== null && record.lastNotified !== undefined && record.lastNotified !== '';
  if (record.status === 'notified' || wasNotified) return 'Notified';
  if (record.status === 'expired') return 'Expired';
  return record.daysUntilExpiry === null ? 'Not applicable' : 'Pending';
}

const WORD_SEPARATORS = /[\s._-]+/u;
const FIRST_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Avatar initials, at most 2 letters: first letters of the first and last words of the display
 * name ('Ada King Lovelace' -> 'AL'), else of the email's local part ('ada.lovelace@x' -> 'AL'),
 * else '?'.
 */
export function initials(displayName: string | null | undefined, email: string | null | undefined): string {
  return initialsOf(displayName ?? '') || initialsOf((email ?? '').split('@')[0] ?? '') || '?';
}

function initialsOf(text: string): string {
  const letters = text
    .split(WORD_SEPARATORS)
    .map((word) => FIRST_LETTER_OR_DIGIT.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  const firstAndLast = letters.filter((_, index) => index === 0 || index === letters.length - 1);
  return firstAndLast.map(upperCaseSingleLetter).join('');
}

// 'ß'.toUpperCase() is 'SS': keep such letters as they are so the avatar never exceeds 2 letters.
function upperCaseSingleLetter(letter: string): string {
  const upper = letter.toUpperCase();
  return [...upper].length === 1 ? upper : letter;
}
