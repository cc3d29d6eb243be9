// The template GET /api/default-template offers and "reset" restores: the built-in English reminder
// (shared/domain/built-in-wording), written in the markup the editor itself produces, so it loads
// into the editor unchanged; the email layout around it (render-email.ts) adds the inline styles
// and table frame that Outlook needs.
import { builtInWording } from '../../shared/domain/built-in-wording/index.js';

export const DEFAULT_EMAIL_TEMPLATE = builtInWording('reminder', 'en').template;
