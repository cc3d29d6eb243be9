import type { ComponentProps, ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { configurationFieldId, useConfigurationForm } from '../hooks/configuration-form';
import type { ConfigurationFormValues } from '../utils/configuration-form-values';

type TextField = { [F in keyof ConfigurationFormValues]: ConfigurationFormValues[F] extends string ? F : never }[keyof ConfigurationFormValues];

/**
 * A labelled input bound to one text field of the configuration form, with its error beneath.
 * `controlId` gives a second control of the same field (the Setup Guide's) an id of its own.
 */
export function ConfigurationTextField({
  field,
  label,
  hint,
  controlId,
  ...inputProps
}: { field: TextField; label: string; hint?: ReactNode; controlId?: string } & Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange'>) {
  const { values, errors, setField } = useConfigurationForm();
  return (
    <FormField id={controlId ?? configurationFieldId(field)} label={label} hint={hint} error={errors[field]}>
      {(control) => <Input {...inputProps} {...control} value={values?.[field] ?? ''} onChange={(event) => setField(field, event.target.value)} />}
    </FormField>
  );
}
