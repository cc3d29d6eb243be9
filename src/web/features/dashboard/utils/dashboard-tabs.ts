/** The dashboard's four tabs (docs/product.md §Screens and routes), in order. */
export const DASHBOARD_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'configuration', label: 'Configuration' },
  { value: 'testing', label: 'Testing' },
  { value: 'help', label: 'Help & Documentation' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

export function isDashboardTab(value: string): value is DashboardTab {
  return DASHBOARD_TABS.some((tab) => tab.value === value);
}
