import { MailIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { TEMPLATE_VARIABLES } from '../../../../shared/domain/configuration-defaults';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useTenantContext } from '@/lib/tenant-context';
import { configurationFieldId, useConfigurationForm } from '../hooks/configuration-form';

// Tiptap and ProseMirror are about half of the app's script and only this card needs them: they
// load in their own chunk when the Configuration tab first opens.
const EmailTemplateEditor = lazy(() =>
  import('@/components/email-template-editor/email-template-editor').then((module) => ({ default: module.EmailTemplateEditor })),
);

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
            <Suspense
              fallback={
                <div className="flex min-h-64 items-center justify-center rounded-md border">
                  <Spinner label="Loading the editor" />
                </div>
              }
            >
              <EmailTemplateEditor
                {...control}
                value={values?.emailTemplate ?? ''}
                onChange={(html) => setField('emailTemplate', html)}
                companyName={selectedTenant?.name ?? ''}
                timeZone={values?.timeZone}
                onResetToDefault={resetTemplate}
                isResettingToDefault={isResettingTemplate}
              />
            </Suspense>
          )}
        </FormField>
      </CardContent>
    </Card>
  );
}
