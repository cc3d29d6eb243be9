import { useState } from 'react';
import { LoaderCircleIcon, Trash2Icon } from 'lucide-react';
import { DELETE_ACCOUNT_CONFIRMATION, accountMessages } from '../../../../shared/api/account';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useDeleteAccount } from '../api/delete-account';

const announceDeletion = (entraNotice: string | undefined) =>
  toast({ title: accountMessages.deleted, description: `Your account has been deleted. You are being signed out.${entraNotice ? ` ${entraNotice}` : ''}` });

/**
 * Account deletion. One click would lose every organization the user alone owns and cancel its
 * subscription, so the button stays disabled until DELETE is typed (the server refuses without it too).
 */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const deleteAccount = useDeleteAccount(announceDeletion);
  const busy = deleteAccount.isPending || deleteAccount.isSuccess;
  const confirmed = confirmation.trim() === DELETE_ACCOUNT_CONFIRMATION;

  function changeOpen(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) setConfirmation('');
  }

  function confirmDeletion() {
    if (!confirmed) return;
    deleteAccount.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Deletion Failed',
          description: getErrorMessage(error, 'Failed to delete account. Please try again'),
        }),
    });
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-destructive">Delete Account</h2>
        </CardTitle>
        <CardDescription>
          Deletes your user and the organizations you own, with their configuration and history, and cancels their PayPal subscriptions. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Dialog open={open} onOpenChange={changeOpen}>
          <DialogTrigger asChild>
            <Button variant="destructive">
              <Trash2Icon aria-hidden />
              Delete Account
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                Your account, the organizations you own and their PayPal subscriptions are removed for good. An organization connected with Microsoft keeps the
                Passwatch enterprise application in its Entra tenant: remove it there afterwards.
              </DialogDescription>
            </DialogHeader>
            <FormField id="delete-account-confirmation" label="Type DELETE to confirm" hint="Delete Account stays disabled until DELETE is typed in capitals.">
              {(control) => (
                <Input
                  {...control}
                  value={confirmation}
                  onChange={(event) => setConfirmation(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  disabled={busy}
                />
              )}
            </FormField>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </DialogClose>
              <Button variant="destructive" onClick={confirmDeletion} disabled={busy || !confirmed}>
                {deleteAccount.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
                Delete Account
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardFooter>
    </Card>
  );
}
