import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { templateLanguageMessages, type TemplateLanguages, type variantBody } from '../../shared/api/template-languages.js';
import type { TemplateKind } from '../../shared/domain/built-in-wording/index.js';
import { LANGUAGES, type Language } from '../../shared/domain/languages.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';
import { organizationLanguages, templateVariants } from '../db/schema/index.js';
import { badRequest, conflict, notFound } from '../http/app-error.js';
import { sanitizeTemplate } from '../mail/index.js';
import { findDefaultLanguage, getTemplateLanguages } from './language-settings.js';

const KIND_LABELS: Record<TemplateKind, string> = { reminder: 'reminder', after_expiry: 'after-expiry' };

/** 'German (Deutsch) reminder'. */
const describeVariant = (kind: TemplateKind, language: Language) => `${LANGUAGES[language].name} ${KIND_LABELS[kind]}`;

/** PUT /api/template-languages/default-language: audited when it changes; refused while that language has a variant. */
export async function setDefaultLanguage(
  db: Database,
  tenantId: string,
  actorUserId: string,
  defaultLanguage: Language,
  now: Date,
): Promise<TemplateLanguages> {
  const actorName = await actorNameOf(db, actorUserId);
  await db.transaction(async (tx) => {
    const previous = await findDefaultLanguage(tx, tenantId);
    if (previous === defaultLanguage) return;
    // The default language's wording is the main template; a variant of it would take precedence unseen and be beyond editing.
    const [variant] = await tx
      .select({ id: templateVariants.id })
      .from(templateVariants)
      .where(and(eq(templateVariants.tenantId, tenantId), eq(templateVariants.language, defaultLanguage)))
      .limit(1);
    if (variant) throw conflict(templateLanguageMessages.variantInNewDefault(LANGUAGES[defaultLanguage].name));
    const values = { defaultLanguage, updatedAt: now, updatedByUserId: actorUserId };
    await tx
      .insert(organizationLanguages)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: organizationLanguages.tenantId, set: values });
    await recordAudit(tx, tenantId, {
      category: 'configuration',
      status: 'success',
      message: `Default language set to ${LANGUAGES[defaultLanguage].name} by ${actorName} (was ${LANGUAGES[previous].name})`,
      actorUserId,
      details: { defaultLanguage, previous },
      createdAt: now,
    });
  });
  return getTemplateLanguages(db, tenantId);
}

/**
 * PUT /api/template-languages/variants/:kind/:language: the template sanitised like the main one;
 * audited. The default language's wording is the main template, edited where it lives.
 */
export async function saveVariant(
  db: Database,
  tenantId: string,
  actorUserId: string,
  target: { kind: TemplateKind; language: Language },
  body: z.output<typeof variantBody>,
  now: Date,
): Promise<TemplateLanguages> {
  const actorName = await actorNameOf(db, actorUserId);
  await db.transaction(async (tx) => {
    if ((await findDefaultLanguage(tx, tenantId)) === target.language) throw badRequest(templateLanguageMessages.defaultLanguageVariant);
    const values = { subject: body.subject, template: sanitizeTemplate(body.template), updatedAt: now, updatedByUserId: actorUserId };
    const [saved] = await tx
      .insert(templateVariants)
      .values({ tenantId, ...target, ...values })
      .onConflictDoUpdate({ target: [templateVariants.tenantId, templateVariants.kind, templateVariants.language], set: values })
      // xmax is 0 for a row this statement inserted.
      .returning({ inserted: sql<boolean>`xmax = 0` });
    await recordAudit(tx, tenantId, {
      category: 'configuration',
      status: 'success',
      message: `${describeVariant(target.kind, target.language)} template ${saved?.inserted ? 'added' : 'updated'} by ${actorName}`,
      actorUserId,
      details: { kind: target.kind, language: target.language, subject: body.subject },
      createdAt: now,
    });
  });
  return getTemplateLanguages(db, tenantId);
}

/** DELETE /api/template-languages/variants/:kind/:language: that language falls back again; audited. */
export async function removeVariant(
  db: Database,
  tenantId: string,
  actorUserId: string,
  target: { kind: TemplateKind; language: Language },
  now: Date,
): Promise<TemplateLanguages> {
  const actorName = await actorNameOf(db, actorUserId);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(templateVariants)
      .where(and(eq(templateVariants.tenantId, tenantId), eq(templateVariants.kind, target.kind), eq(templateVariants.language, target.language)))
      .returning({ id: templateVariants.id });
    if (removed.length === 0) throw notFound(templateLanguageMessages.variantNotFound);
    await recordAudit(tx, tenantId, {
      category: 'configuration',
      status: 'success',
      message: `${describeVariant(target.kind, target.language)} template removed by ${actorName}`,
      actorUserId,
      details: { kind: target.kind, language: target.language },
      createdAt: now,
    });
  });
  return getTemplateLanguages(db, tenantId);
}
