import { asc, eq } from 'drizzle-orm';
import type { TemplateLanguages } from '../../shared/api/template-languages.js';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/domain/languages.js';
import type { OrganizationWording, TemplateVariant } from '../../shared/domain/template-variant.js';
import type { Database } from '../db/client.js';
import { organizationLanguages, templateVariants } from '../db/schema/index.js';

/** What the wording choice reads besides the main templates: the default language and the variants. */
export type LanguageSettings = Omit<OrganizationWording, 'main'>;

type Reader = Pick<Database, 'select'>;

export async function findDefaultLanguage(db: Reader, tenantId: string): Promise<Language> {
  const [row] = await db
    .select({ defaultLanguage: organizationLanguages.defaultLanguage })
    .from(organizationLanguages)
    .where(eq(organizationLanguages.tenantId, tenantId));
  return row?.defaultLanguage ?? DEFAULT_LANGUAGE;
}

async function findVariantRows(db: Reader, tenantId: string) {
  return db.select().from(templateVariants).where(eq(templateVariants.tenantId, tenantId)).orderBy(asc(templateVariants.kind), asc(templateVariants.language));
}

/** The organization's default language and variants, for chooseWording. */
export async function findLanguageSettings(db: Reader, tenantId: string): Promise<LanguageSettings> {
  const [defaultLanguage, rows] = await Promise.all([findDefaultLanguage(db, tenantId), findVariantRows(db, tenantId)]);
  const variants: TemplateVariant[] = rows.map(({ kind, language, subject, template }) => ({ kind, language, subject, template }));
  return { defaultLanguage, variants };
}

/** GET /api/template-languages. */
export async function getTemplateLanguages(db: Reader, tenantId: string): Promise<TemplateLanguages> {
  const [defaultLanguage, rows] = await Promise.all([findDefaultLanguage(db, tenantId), findVariantRows(db, tenantId)]);
  return {
    defaultLanguage,
    variants: rows.map(({ kind, language, subject, template, updatedAt }) => ({ kind, language, subject, template, updatedAt: updatedAt.toISOString() })),
  };
}
