// Mail module: what HTML a reminder template may hold, and the MIME message built from it.
export { buildMimeMessage, MimeAddressError } from './mime-message.js';
export { sanitizeTemplate, TEMPLATE_TAGS } from './sanitize-template.js';
