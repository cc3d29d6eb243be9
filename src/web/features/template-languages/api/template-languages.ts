import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reminderPolicySchema } from '../../../../shared/api/reminder-policy';
import { templateLanguagesSchema, type TemplateLanguages, type VariantBody } from '../../../../shared/api/template-languages';
import type { TemplateKind } from '../../../../shared/domain/built-in-wording/index';
import type { Language } from '../../../../shared/domain/languages';
import { getJson, requestJson } from '@/lib/api-client';

// Organization data: the keys carry no tenant id, the cache is reset when the organization changes.
const templateLanguagesQueryKey = ['/api/template-languages'] as const;
// The reminder policy card's key: the after-expiry wording is read from the same cache entry.
const reminderPolicyQueryKey = ['/api/reminder-policy'] as const;
// The dry run and the forecast say which language each reminder goes out in.
const projectionKeys = [['/api/reminder-policy/dry-run'], ['/api/reminder-policy/forecast']] as const;

/** GET /api/template-languages: the default language and the variants written. */
export function useTemplateLanguages() {
  return useQuery({
    queryKey: templateLanguagesQueryKey,
    queryFn: ({ signal }) => getJson('/api/template-languages', templateLanguagesSchema, signal),
  });
}

/** GET /api/reminder-policy, for the after-expiry wording in the default language. */
export function useAfterExpiryWording() {
  return useQuery({
    queryKey: reminderPolicyQueryKey,
    queryFn: ({ signal }) => getJson('/api/reminder-policy', reminderPolicySchema, signal),
    select: (policy) => ({ subject: policy.afterExpirySubject, template: policy.afterExpiryTemplate }),
  });
}

function useLanguagesMutation<Input>(request: (input: Input) => Promise<TemplateLanguages>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (saved) => {
      queryClient.setQueryData(templateLanguagesQueryKey, saved);
      await Promise.all(projectionKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

const variantUrl = (kind: TemplateKind, language: Language) => `/api/template-languages/variants/${kind}/${language}`;

/** PUT /api/template-languages/default-language. */
export function useSetDefaultLanguage() {
  return useLanguagesMutation((defaultLanguage: Language) =>
    requestJson('PUT', '/api/template-languages/default-language', templateLanguagesSchema, { defaultLanguage }),
  );
}

/** PUT /api/template-languages/variants/:kind/:language. */
export function useSaveVariant() {
  return useLanguagesMutation(({ kind, language, body }: { kind: TemplateKind; language: Language; body: VariantBody }) =>
    requestJson('PUT', variantUrl(kind, language), templateLanguagesSchema, body),
  );
}

/** DELETE /api/template-languages/variants/:kind/:language. */
export function useRemoveVariant() {
  return useLanguagesMutation(({ kind, language }: { kind: TemplateKind; language: Language }) =>
    requestJson('DELETE', variantUrl(kind, language), templateLanguagesSchema),
  );
}
