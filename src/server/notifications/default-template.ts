// The template GET /api/default-template offers and "reset" restores. Written in the markup the
// editor itself produces (paragraphs, a heading, an ordered list, bold, a text colour, a highlight,
// a link), so it loads into the editor unchanged; the email layout around it (render-email.ts)
// adds the inline styles and table frame that Outlook needs.
export const DEFAULT_EMAIL_TEMPLATE = [
  '<h2>Your password expires soon</h2>',
  '<p>Hello {{userName}},</p>',
  '<p>The password for your <strong>{{companyName}}</strong> account expires on ' +
    '<strong>{{expirationDate}}</strong>. Days remaining: <strong><span ' +
    'style="color:#dc2626">{{daysRemaining}}</span></strong>.</p>',
  '<p>Change it now to keep access to email, Teams and your other work apps:</p>',
  '<ol>',
  '<li><p>Sign in at <a href="https://myaccount.microsoft.com" target="_blank" rel="noopener noreferrer ' + 'nofollow">myaccount.microsoft.com</a>.</p></li>',
  '<li><p>Select <strong>Password</strong>, then <strong>Change password</strong>.</p></li>',
  '<li><p>Enter your current password, then a new one you have not used before.</p></li>',
  '</ol>',
  '<p><mark data-color="#fef08a" style="background-color:#fef08a;color:inherit">If the password expires before ' +
    'you change it, you will be signed out of every app and need the help desk to get back in.</mark></p>',
  '<p>This reminder was sent automatically. If you did not expect it, contact your IT help desk; never share your ' + 'password with anyone, including IT.</p>',
  '<p>Thank you,<br />{{companyName}} IT</p>',
].join('');
