import { useRef, useState, type FormEvent, type ReactElement } from 'react';
import { LoaderCircleIcon } from 'lucide-react';
import { createTenantBody } from '../../../../shared/api/tenants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useTenantContext } from '@/lib/tenant-context';
import { serverFieldMessages, validateForm, type FieldMessages } from '@/lib/form-errors';
import { useCreateTenant } from '../api/create-tenant';

type FieldName = 'name' | 'domain';
const fieldOrder: readonly FieldName[] = ['name', 'domain'];
const emptyValues: Record<FieldName, string> = { name: '', domain: '' };

/** The "Create New Organization" dialog, opened by the given trigger element. */
export function CreateOrganizationDialog({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<FieldMessages>({});
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const { setSelectedTenant } = useTenantContext();
  // The new organization becomes the selected one, so its dashboard opens straight away.
  const createTenant = useCreateTenant((tenant) => {
    toast({ title: 'Success', description: 'Company created successfully' });
    setSelectedTenant(tenant);
  });

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      setValues(emptyValues);
      setErrors({});
    }
  }

  function showErrors(fieldErrors: FieldMessages) {
    setErrors(fieldErrors);
    const firstInvalid = fieldOrder.find((field) => fieldErrors[field]);
    if (firstInvalid) inputs.current[firstInvalid]?.focus();
  }

  function updateField(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateForm(createTenantBody, values);
    if (!result.success) {
      showErrors(result.fieldErrors);
      return;
    }
    createTenant.mutate(result.data, {
      onSuccess: () => changeOpen(false),
      onError: (error) => {
        showErrors(serverFieldMessages(error));
        toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to create company') });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={handleSubmit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Create New Organization</DialogTitle>
            <DialogDescription>Add a Microsoft 365 organization whose password expiry you want to monitor.</DialogDescription>
          </DialogHeader>
          <FormField id="organization-name" label="Company Name" error={errors.name}>
            {(control) => (
              <Input
                {...control}
                ref={(element) => {
                  inputs.current.name = element;
                }}
                autoComplete="organization"
                placeholder="Contoso Ltd"
                value={values.name}
                onChange={(event) => updateField('name', event.target.value)}
              />
            )}
          </FormField>
          <FormField id="organization-domain" label="Domain" hint="The primary domain of the organization's Microsoft 365 directory." error={errors.domain}>
            {(control) => (
              <Input
                {...control}
                ref={(element) => {
                  inputs.current.domain = element;
                }}
                autoComplete="off"
                spellCheck={false}
                placeholder="contoso.com"
                value={values.domain}
                onChange={(event) => updateField('domain', event.target.value)}
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={createTenant.isPending} aria-busy={createTenant.isPending}>
              {createTenant.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
              Create Organization
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
