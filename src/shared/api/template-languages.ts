import { z } from 'zod';
import { TEMPLATE_KINDS } from '../domain/built-in-wording/index.js';
import { isLanguage, LANGUAGE_CODES, type Language } from '../domain/languages.js';
import { hasVisibleText } from './configuration.js';
import { refineTemplateBounds } from './template-bounds.js';
import { text } from './text-fields.js';

export const templateLanguageMessages = {
  language: `The language must be one of: ${LANGUAGE_CODES.join(', ')}`,
  kind: `The template must be one of: ${TEMPLATE_KINDS.join(', ')}`,
  subjectRequired: 'The subject is required',
  subjectTooLong: 'The subject can be at most 200 characters',
  subjectOneLine: 'The subject must be one line',
  templateRequired: 'The template is required',
  defaultLanguageSaved: 'Default language saved',
  variantSaved: 'Language variant saved',
  variantRemoved: 'Language variant removed',
  variantNotFound: 'The organization has no variant of this template in this language',
  defaultLanguageVariant:
    "The default language's wording is the main template (the configuration's email template, the reminder policy's after-expiry wording): edit it there",
  /** A variant in the language about to become the default would hide the main template, and could no longer be edited. */
  variantInNewDefault: (language: string) =>
    `This organization has its own ${language} wording. Copy it into the main template if you want to keep it, remove the ${language} variant, then make ${language} the default language.`,
} as const;

const languageSchema = z.string({ error: templateLanguageMessages.language }).refine(isLanguage, templateLanguageMessages.language) as z.ZodType<Language>;

/** PUT /api/template-languages/default-language. */
export const defaultLanguageBody = z.object({ defaultLanguage: languageSchema });

/** The path of one variant: /api/template-languages/variants/:kind/:language. */
export const variantParams = z.object({
  kind: z.enum(TEMPLATE_KINDS, { error: templateLanguageMessages.kind }),
  language: languageSchema,
});

/** PUT /api/template-languages/variants/:kind/:language. */
export const variantBody = z.object({
  subject: text(templateLanguageMessages.subjectRequired)
    .trim()
    .min(1, templateLanguageMessages.subjectRequired)
    .max(200, templateLanguageMessages.subjectTooLong)
    .refine((subject) => !/[\r\n]/.test(subject), templateLanguageMessages.subjectOneLine),
  template: text(templateLanguageMessages.templateRequired).superRefine(refineTemplateBounds).refine(hasVisibleText, templateLanguageMessages.templateRequired),
});
export type VariantBody = z.input<typeof variantBody>;

const variantSchema = z.object({
  kind: z.enum(TEMPLATE_KINDS),
  language: z.enum(LANGUAGE_CODES as [Language, ...Language[]]),
  subject: z.string(),
  template: z.string(),
  updatedAt: z.string(),
});
export type TemplateVariantDto = z.infer<typeof variantSchema>;

/** GET /api/template-languages and the answer of every change: the default language and the variants written. */
export const templateLanguagesSchema = z.object({
  defaultLanguage: z.enum(LANGUAGE_CODES as [Language, ...Language[]]),
  variants: z.array(variantSchema),
});
export type TemplateLanguages = z.infer<typeof templateLanguagesSchema>;
