import { MailIcon } from 'lucide-react';
import { TEMPLATE_VARIABLES } from '../../../../shared/domain/configuration-defaults';
import { LazyEmailTemplateEditor } from '@/components/email-template-editor/lazy-email-template-editor';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { useTenantContext } from '@/lib/tenant-context';
import { configurationFieldId, useConfigurationForm } from '../hooks/configuration-form';

/** The reminder email: rich-text editor with live preview, and a reset to the default template. */
export function EmailTemplateCard() {
  const { values, errors, setField, resetTemplate, isResettingTemplate } = useConfigurationForm();
  const { selectedTenant } = useTenantContext();

  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={MailIcon}>Email Template</CardIconTitle>
        <CardDescription>
          Sent as &lsquo;Password Expiration Notice&rsquo;. Each recipient sees their own values for {TEMPLATE_VARIABLES.join(', ')}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FormField id={configurationFieldId('emailTemplate')} label="Email Template" error={errors.emailTemplate}>
          {(control) => (
            <LazyEmailTemplateEditor
              {...control}
              value={values?.emailTemplate ?? ''}
              onChange={(html) => setField('emailTemplate', html)}
              companyName={selectedTenant?.name ?? ''}
              timeZone={values?.timeZone}
              onResetToDefault={resetTemplate}
              isResettingToDefault={isResettingTemplate}
            />
          )}
        </FormField>
      </CardContent>
    </Card>
  );
}
