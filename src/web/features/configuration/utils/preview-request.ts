import type { PreviewGroupUsersBody } from '../../../../shared/api/directory';
import { PASSWORD_VALIDITY_DAYS_RANGE } from '../../../../shared/domain/configuration-defaults';
import type { ConfigurationFormValues } from './configuration-form-values';

/**
 * What Preview Users asks for: the form's groups and, when it is a valid number, its password
 * validity (so an unsaved change shows at once); otherwise the saved one applies on the server.
 */
export function previewRequestOf(values: ConfigurationFormValues): PreviewGroupUsersBody {
  const validity = Number(values.passwordValidityDays);
  const validityIsUsable =
    values.passwordValidityDays.trim() !== '' &&
    Number.isInteger(validity) &&
    validity >= PASSWORD_VALIDITY_DAYS_RANGE.min &&
    validity <= PASSWORD_VALIDITY_DAYS_RANGE.max;
  return {
    includeGroups: [...values.includeGroups],
    excludeGroups: [...values.excludeGroups],
    ...(validityIsUsable ? { passwordValidityDays: validity } : {}),
  };
}
