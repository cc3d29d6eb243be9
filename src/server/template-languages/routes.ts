import type { FastifyInstance } from 'fastify';
import { defaultLanguageBody, type TemplateLanguages, variantBody, variantParams } from '../../shared/api/template-languages.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { validate } from '../http/validate.js';
import { removeVariant, saveVariant, setDefaultLanguage } from './change-language-settings.js';
import { getTemplateLanguages } from './language-settings.js';

export function registerTemplateLanguageRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  const { db, clock } = deps;

  app.get('/api/template-languages', allow('viewer'), async (request): Promise<TemplateLanguages> => getTemplateLanguages(db, tenantIdOf(request)));

  app.put('/api/template-languages/default-language', allow('admin'), async (request): Promise<TemplateLanguages> => {
    const body = validate(defaultLanguageBody, request.body);
    return setDefaultLanguage(db, tenantIdOf(request), userIdOf(request), body.defaultLanguage, clock());
  });

  app.put('/api/template-languages/variants/:kind/:language', allow('admin'), async (request): Promise<TemplateLanguages> => {
    const target = validate(variantParams, request.params);
    const body = validate(variantBody, request.body);
    return saveVariant(db, tenantIdOf(request), userIdOf(request), target, body, clock());
  });

  app.delete('/api/template-languages/variants/:kind/:language', allow('admin'), async (request): Promise<TemplateLanguages> => {
    const target = validate(variantParams, request.params);
    return removeVariant(db, tenantIdOf(request), userIdOf(request), target, clock());
  });
}
