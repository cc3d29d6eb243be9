// What the reminder policy card offers before an organization writes its own: reminders two weeks,
// one week, three days and one day ahead and on the expiry day, and the wording of a reminder sent
// after the password expired (the user is locked out of most apps by then, so it says how to get
// back in rather than "change it soon").
export const SUGGESTED_REMINDER_DAYS = [14, 7, 3, 1, 0] as const;
export const SUGGESTED_AFTER_EXPIRY_DAYS = [] as const;

export const DEFAULT_AFTER_EXPIRY_SUBJECT = 'Your password has expired';

export const DEFAULT_AFTER_EXPIRY_TEMPLATE = [
  '<h2>Your password has expired</h2>',
  '<p>Hello {{userName}},</p>',
  '<p>The password of your <strong>{{companyName}}</strong> account <strong>{{userPrincipalName}}</strong> ' +
    'expired on <strong>{{expirationDate}}</strong>.</p>',
  '<p>If you can still sign in, change it now at <a href="{{changePasswordUrl}}" target="_blank" rel="noopener ' +
    'noreferrer nofollow">Change password</a>. If you cannot, contact your IT help desk to have it reset.</p>',
  '<p>Thank you,<br />{{companyName}} IT</p>',
].join('');
