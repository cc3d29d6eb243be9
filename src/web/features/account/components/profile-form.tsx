import { useRef, useState, type FormEvent } from 'react';
import { LoaderCircleIcon } from 'lucide-react';
import { updateProfileBody, type AuthUser } from '../../../../shared/api/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { serverFieldMessages, validateForm, type FieldMessages } from '@/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';

type FieldName = 'firstName' | 'lastName' | 'email';

const fields: readonly { name: FieldName; label: string; type: 'text' | 'email'; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

export function profileValues(user: Pick<AuthUser, FieldName>): Record<FieldName, string> {
  return { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email ?? '' };
}

/** Account Settings > Profile: edits the signed-in user (docs/product.md §Validation for the messages). */
export function ProfileForm({ user }: { user: Pick<AuthUser, FieldName> }) {
  const [values, setValues] = useState(() => profileValues(user));
  const [errors, setErrors] = useState<FieldMessages>({});
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const updateProfile = useUpdateProfile();

  function showErrors(fieldErrors: FieldMessages) {
    setErrors(fieldErrors);
    const firstInvalid = fields.find((field) => fieldErrors[field.name]);
    if (firstInvalid) inputs.current[firstInvalid.name]?.focus();
  }

  function updateField(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateForm(updateProfileBody, values);
    if (!result.success) {
      showErrors(result.fieldErrors);
      return;
    }
    updateProfile.mutate(result.data, {
      onSuccess: (saved) => {
        setValues(profileValues(saved));
        toast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
      },
      onError: (error) => {
        showErrors(serverFieldMessages(error));
        toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to update profile.') });
      },
    });
  }

  return (
    <Card>
      <form noValidate onSubmit={handleSubmit} className="contents">
        <CardHeader>
          <CardTitle asChild>
            <h2>Profile</h2>
          </CardTitle>
          <CardDescription>Your name and the address Passwatch writes to.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.name} className={field.name === 'email' ? 'sm:col-span-2' : undefined}>
              <FormField id={`profile-${field.name}`} label={field.label} error={errors[field.name]}>
                {(control) => (
                  <Input
                    {...control}
                    ref={(element) => {
                      inputs.current[field.name] = element;
                    }}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    value={values[field.name]}
                    onChange={(event) => updateField(field.name, event.target.value)}
                  />
                )}
              </FormField>
            </div>
          ))}
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={updateProfile.isPending}>
            {updateProfile.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
            Save Changes
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
