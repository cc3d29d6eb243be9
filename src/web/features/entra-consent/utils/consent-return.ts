import { type EntraConsentResult, isEntraConsentResult } from '../../../../shared/domain/entra-connection';

/**
 * What the consent callback put in the dashboard's address: the outcome (`entraConsent`), and
 * where to show it (`setup=open`: the Setup Guide, `tab=configuration`: the Configuration tab).
 */
export interface ConsentReturn {
  result: EntraConsentResult | null;
  openSetupGuide: boolean;
  showConfiguration: boolean;
}

export function readConsentReturn(search: string): ConsentReturn {
  const params = new URLSearchParams(search);
  const result = params.get('entraConsent');
  return {
    result: result !== null && isEntraConsentResult(result) ? result : null,
    openSetupGuide: params.get('setup') === 'open',
    showConfiguration: params.get('tab') === 'configuration',
  };
}

/** The address without those parameters, so a reload does not show the outcome again. */
export function withoutConsentReturn(href: string): string {
  const url = new URL(href);
  for (const name of ['entraConsent', 'setup', 'tab']) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}
