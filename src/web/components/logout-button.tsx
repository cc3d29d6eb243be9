import type { ComponentProps } from 'react';
import { LogOutIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { navigateToServerRoute } from '@/lib/navigation';

/** Signs out through the server (GET /api/logout), which then returns the browser to '/'. */
export function LogoutButton(props: Omit<ComponentProps<typeof Button>, 'onClick' | 'children'>) {
  return (
    <Button variant="outline" size="sm" onClick={() => navigateToServerRoute('/api/logout')} {...props}>
      <LogOutIcon aria-hidden />
      Logout
    </Button>
  );
}
