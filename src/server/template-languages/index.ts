// Template languages module: the organization's default language and its template variants per
// language (docs/product.md §Reminder languages); the choice itself is shared/domain/template-variant.ts.
export { findLanguageSettings } from './language-settings.js';
export { registerTemplateLanguageRoutes } from './routes.js';
