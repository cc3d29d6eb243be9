import type { ComponentProps } from 'react';
import { LogOutIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useSignOut } from '@/lib/sign-out';

/** Signs this browser out (POST /api/logout); the browser then leaves through the provider's logout. */
export function LogoutButton(props: Omit<ComponentProps<typeof Button>, 'onClick' | 'children'>) {
  const logout = useSignOut('/api/logout');
  const start = () =>
    logout.mutate(undefined, {
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Logout Failed', description: getErrorMessage(error, 'Could not sign you out. Please try again') }),
    });

  return (
    <Button variant="outline" size="sm" onClick={start} disabled={logout.leaving} {...props}>
      <LogOutIcon aria-hidden />
      Logout
    </Button>
  );
}
