// What the reminder policy card offers before an organization writes its own: reminders two weeks,
// one week, three days and one day ahead and on the expiry day, and the wording of a reminder sent
// after the password expired (the user is locked out of most apps by then, so it says how to get
// back in rather than "change it soon"): the built-in English wording (shared/domain/built-in-wording).
import { builtInWording } from '../../shared/domain/built-in-wording/index.js';

export const SUGGESTED_REMINDER_DAYS = [14, 7, 3, 1, 0] as const;
export const SUGGESTED_AFTER_EXPIRY_DAYS = [] as const;

const BUILT_IN_ENGLISH = builtInWording('after_expiry', 'en');

export const DEFAULT_AFTER_EXPIRY_SUBJECT = BUILT_IN_ENGLISH.subject;
export const DEFAULT_AFTER_EXPIRY_TEMPLATE = BUILT_IN_ENGLISH.template;
