import { useEffect, useState, type FormEvent } from 'react';
import type { OnPremisesConnector, OnPremisesOverview } from '../../../../shared/api/on-premises';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { fieldErrorsOf, getErrorMessage } from '@/lib/error-message';
import { serverFieldMessages, type FieldMessages } from '@/lib/form-errors';
import { useCreateConnector, useOnPremises, useRevokeConnector, useSaveOnPremisesSettings } from '../api/on-premises';
import { draftOf, validateDraft, type SettingsDraft } from '../utils/settings-draft';
import { DeclaredPolicyGroups } from './declared-policy-groups';

const count = (n: number) => n.toLocaleString('en-US');
const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'Never');

/**
 * Configuration > On-premises Active Directory: enrol a Passwatch Connector (its key shown once),
 * see what each one's snapshots held and how they matched the synced users, revoke one, and the
 * stale threshold and declared policy (docs/product.md §On-premises Active Directory).
 */
export function OnPremisesCard() {
  const { data, isError } = useOnPremises();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>On-premises Active Directory</h2>
        </CardTitle>
        <CardDescription>
          {isError
            ? 'The on-premises settings could not be loaded.'
            : 'Users synced from on-premises AD get the domain controller’s own expiry dates from a Passwatch Connector you run inside your network.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AddConnector />
        {data && <ConnectorList overview={data} />}
        {data && <OnPremisesSettings overview={data} />}
      </CardContent>
    </Card>
  );
}

function AddConnector() {
  const create = useCreateConnector();
  const [name, setName] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const nameError = fieldErrorsOf(create.error).name?.[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (created) => {
        setKey(created.key);
        setName('');
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to add the connector.') }),
    });
  }

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={submit} aria-label="Add a connector" className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <FormField id="connector-name" label="Connector name" error={nameError} hint="Where it runs, e.g. DC01 or the Paris office.">
            {(control) => <Input {...control} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />}
          </FormField>
        </div>
        <Button type="submit" disabled={create.isPending || name.trim() === ''}>
          {create.isPending ? 'Adding...' : 'Add Connector'}
        </Button>
      </form>
      {key && (
        <Alert>
          <AlertTitle>Copy the connector key now: it is shown only once</AlertTitle>
          <AlertDescription className="grid gap-2">
            <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="connector-key">
              {key}
            </code>
            <span>Passwatch keeps only a hash of it. The key can do nothing but send snapshots of this organization’s directory.</span>
            <div className="flex gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => void navigator.clipboard?.writeText(key)}>
                Copy Key
              </Button>
              <Button type="button" variant="ghost" size="sm" onClick={() => setKey(null)}>
                Done
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function ConnectorList({ overview }: { overview: OnPremisesOverview }) {
  if (overview.connectors.length === 0) return <p className="text-sm text-muted-foreground">No connector yet: synced users show “Managed on-premises”.</p>;
  return (
    <div className="grid gap-2">
      <Table aria-label="Connectors">
        <TableHeader>
          <TableRow>
            <TableHead>Connector</TableHead>
            <TableHead>Domain</TableHead>
            <TableHead>Last snapshot</TableHead>
            <TableHead className="text-right">Users read</TableHead>
            <TableHead className="text-right">Matched</TableHead>
            <TableHead className="text-right">Only in AD</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {overview.connectors.map((connector) => (
            <ConnectorRows key={connector.id} connector={connector} />
          ))}
        </TableBody>
      </Table>
      {overview.unmatchedGraphUsers !== null && (
        <p className="text-sm text-muted-foreground" data-testid="unmatched-graph-users">
          Synced users in Microsoft Entra ID without an AD record: {count(overview.unmatchedGraphUsers)}
        </p>
      )}
    </div>
  );
}

function ConnectorRows({ connector }: { connector: OnPremisesConnector }) {
  const revoke = useRevokeConnector();
  const [confirming, setConfirming] = useState(false);
  const status = connector.revokedAt ? <Badge variant="secondary">Revoked</Badge> : null;
  const action = connector.revokedAt ? null : confirming ? (
    <div className="flex justify-end gap-2">
      <Button
        type="button"
        variant="destructive"
        size="sm"
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(connector.id, {
            onSuccess: () => toast({ title: 'Success', description: `${connector.name} was revoked: its key is refused from now on.` }),
            onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to revoke the connector.') }),
          })
        }
      >
        Confirm Revoke
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </div>
  ) : (
    <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
      Revoke
    </Button>
  );
  const nameCell = (
    <TableCell className="font-medium">
      <div className="flex flex-wrap items-center gap-2">
        {connector.name} {status}
      </div>
      <div className="text-xs text-muted-foreground">
        Key ending {connector.keyHint} · last seen {when(connector.lastSeenAt)}
      </div>
    </TableCell>
  );
  if (connector.domains.length === 0) {
    return (
      <TableRow>
        {nameCell}
        <TableCell colSpan={5} className="text-muted-foreground">
          No snapshot yet
        </TableCell>
        <TableCell className="text-right">{action}</TableCell>
      </TableRow>
    );
  }
  return connector.domains.map((domain, index) => (
    <TableRow key={domain.dnsName}>
      {index === 0 ? nameCell : <TableCell />}
      <TableCell>{domain.dnsName}</TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-2">
          {when(domain.snapshotTakenAt)}
          {domain.stale && <Badge variant="warning">Silent: no dates from it</Badge>}
        </div>
      </TableCell>
      <TableCell className="text-right">{count(domain.usersRead)}</TableCell>
      <TableCell className="text-right">{count(domain.matched)}</TableCell>
      <TableCell className="text-right">{count(domain.unmatchedAdUsers)}</TableCell>
      <TableCell className="text-right">{index === 0 ? action : null}</TableCell>
    </TableRow>
  ));
}

function OnPremisesSettings({ overview }: { overview: OnPremisesOverview }) {
  const save = useSaveOnPremisesSettings();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(overview));
  // Messages found before sending; the server's when it refused what was sent.
  const [invalid, setInvalid] = useState<FieldMessages | null>(null);
  useEffect(() => setDraft(draftOf(overview)), [overview]);
  const errors = invalid ?? serverFieldMessages(save.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateDraft(draft);
    if (!checked.success) {
      setInvalid(checked.fieldErrors);
      return;
    }
    setInvalid(null);
    save.mutate(checked.body, {
      onSuccess: () => toast({ title: 'Success', description: 'On-premises settings saved. The next check applies them.' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to save the on-premises settings.') }),
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="On-premises settings" className="grid gap-5 border-t pt-5">
      <FormField
        id="stale-after-hours"
        label="Snapshot stale after (hours)"
        error={errors.staleAfterHours}
        hint="An older snapshot dates nobody: its users go back to “Managed on-premises” and you get a security alert."
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            className="max-w-32"
            value={draft.staleAfterHours}
            onChange={(event) => setDraft({ ...draft, staleAfterHours: event.target.value })}
          />
        )}
      </FormField>
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor="declared-policy">Declared on-premises policy</Label>
          <p id="declared-policy-description" className="text-sm text-muted-foreground">
            Without a connector report, estimate synced users’ dates from the last change Microsoft Entra ID saw and the ages you declare here. Shown as
            “Estimated”.
          </p>
        </div>
        <Switch
          id="declared-policy"
          aria-describedby="declared-policy-description"
          checked={draft.declared}
          onCheckedChange={(declared) => setDraft({ ...draft, declared })}
        />
      </div>
      {draft.declared && (
        <div className="grid gap-5">
          <FormField
            id="max-password-age"
            label="Maximum password age (days)"
            error={errors['declaredPolicy.maxPasswordAgeDays']}
            hint="Your domain’s maxPwdAge: the age of everyone not in a group below."
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                className="max-w-32"
                value={draft.maxPasswordAgeDays}
                onChange={(event) => setDraft({ ...draft, maxPasswordAgeDays: event.target.value })}
              />
            )}
          </FormField>
          <DeclaredPolicyGroups draft={draft} onChange={setDraft} errors={errors} />
        </div>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save On-premises Settings'}
        </Button>
      </div>
    </form>
  );
}
