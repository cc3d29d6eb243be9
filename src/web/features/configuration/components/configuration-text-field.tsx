import type { ComponentProps, ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { configurationFieldId, useConfigurationForm } from '../hooks/configuration-form';
import type { ConfigurationFormValues } from '../utils/configuration-form-values';

type TextField = { [F in keyof ConfigurationFormValues]: ConfigurationFormValues[F] extends string ? F : never }[keyof ConfigurationFormValues];

/** A labelled input bound to one text field of the configuration form, with its error beneath. */
export function ConfigurationTextField({
  field,
  label,
  hint,
  ...inputProps
}: { field: TextField; label: string; hint?: ReactNode } & Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange'>) {
  const { values, errors, setField } = useConfigurationForm();
  return (
    <FormField id={configurationFieldId(field)} label={label} hint={hint} error={errors[field]}>
      {(control) => (
        <Input {...inputProps} {...control} value={values?.[field] ?? ''} onChange={(event) => setField(field, event.target.value)} />
      )}
    </FormField>
  );
}
