import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TemplateKind } from '../../../shared/domain/built-in-wording/index.js';
import type { Language } from '../../../shared/domain/languages.js';
import { users } from './identity.js';
import { tenants } from './tenants.js';

/**
 * An organization's default language (docs/product.md §Reminder languages): what a recipient
 * without a preferredLanguage, or with one no reminder is written in, reads. No row: English.
 */
export const organizationLanguages = pgTable('organization_languages', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  defaultLanguage: text('default_language').$type<Language>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

/** A template the organization wrote in one language, for the reminder or the after-expiry reminder. */
export const templateVariants = pgTable(
  'template_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TemplateKind>().notNull(),
    /** A language code of LANGUAGES ('de'), never a full tag. */
    language: text('language').$type<Language>().notNull(),
    subject: text('subject').notNull(),
    /** Sanitised HTML, bounded like the main template. */
    template: text('template').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('template_variants_tenant_kind_language_key').on(table.tenantId, table.kind, table.language)],
);
