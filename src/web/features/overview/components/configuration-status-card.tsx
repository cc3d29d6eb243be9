import { memo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useIsCustomTemplate } from '../api/get-template-status';

interface StatusRow {
  label: string;
  /** null while unknown. */
  value: string | null;
  good: boolean;
}

/** docs/product.md §Screens and routes: Tenant Connection (Configured/Not Set), Email Template (Custom/Default), Automation (Enabled/Disabled). */
// Memoised: it takes no props, so the dashboard re-rendering around it (each query that answers)
// need not render it again; its own queries still do.
export const ConfigurationStatusCard = memo(function ConfigurationStatusCard() {
  const { data: stats } = useDashboardStats();
  const customTemplate = useIsCustomTemplate();
  const rows: StatusRow[] = [
    { label: 'Tenant Connection', value: stats ? (stats.configured ? 'Configured' : 'Not Set') : null, good: stats?.configured ?? false },
    { label: 'Email Template', value: customTemplate === null ? null : customTemplate ? 'Custom' : 'Default', good: customTemplate === true },
    { label: 'Automation', value: stats ? (stats.automationEnabled ? 'Enabled' : 'Disabled') : null, good: stats?.automationEnabled ?? false },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Configuration Status</h2>
        </CardTitle>
        <CardDescription>What is set up for this organization</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between gap-2">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd>{row.value === null ? '—' : <Badge variant={row.good ? 'success' : 'secondary'}>{row.value}</Badge>}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
});
