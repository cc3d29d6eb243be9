import { useState } from 'react';
import { LoaderCircleIcon, MonitorSmartphoneIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useSignOut } from '@/lib/sign-out';

/**
 * Ends every session of the user (a lost laptop, a shared computer), this one included, after a
 * confirmation; the browser then leaves through the identity provider's logout, signed out.
 */
export function SignOutEverywhereCard() {
  const [open, setOpen] = useState(false);
  const signOutEverywhere = useSignOut('/api/auth/logout-everywhere');
  const { leaving } = signOutEverywhere;
  const confirm = () =>
    signOutEverywhere.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Sign Out Failed',
          description: getErrorMessage(error, 'Could not sign you out everywhere. Please try again'),
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Sessions</h2>
        </CardTitle>
        <CardDescription>Signed in on a device you no longer use, or on someone else's computer? End every session at once.</CardDescription>
      </CardHeader>
      <CardFooter>
        <Dialog open={open} onOpenChange={(next) => !leaving && setOpen(next)}>
          <DialogTrigger asChild>
            <Button variant="outline">
              <MonitorSmartphoneIcon aria-hidden />
              Sign out everywhere
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Sign out everywhere?</DialogTitle>
              <DialogDescription>This ends your sessions on every device and browser, this one included. You will need to sign in again.</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={leaving}>
                  Cancel
                </Button>
              </DialogClose>
              <Button onClick={confirm} disabled={leaving}>
                {leaving && <LoaderCircleIcon className="animate-spin" aria-hidden />}
                Sign out everywhere
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardFooter>
    </Card>
  );
}
