// Which of the tenant's domains (Graph GET /v1.0/domains) governs a user, and the password policy
// that domain actually has once subdomain inheritance is applied (docs/domain.md §Password expiry, rule 5).

/** A Graph `domain` resource, the fields the expiry rules read. */
export interface DirectoryDomain {
  id: string;
  isDefault: boolean;
  isInitial: boolean;
  isRoot: boolean;
  isVerified: boolean;
  /** 'Managed' | 'Federated' */
  authenticationType: string;
  passwordValidityPeriodInDays: number | null;
  passwordNotificationWindowInDays: number | null;
}

export interface EffectiveDomainPolicy {
  federated: boolean;
  passwordValidityPeriodInDays: number | null;
}

/** The domain part of a UPN, lower-cased ('Ada@EU.Contoso.com' -> 'eu.contoso.com'). */
export function upnDomainOf(userPrincipalName: string): string {
  return userPrincipalName.slice(userPrincipalName.lastIndexOf('@') + 1).toLowerCase();
}

/** True when `name` is `domain` or one of its subdomains, matching whole labels, case-insensitively. */
export function isWithinDomain(name: string, domain: string): boolean {
  const lowerName = name.toLowerCase();
  const lowerDomain = domain.toLowerCase();
  return lowerName === lowerDomain || lowerName.endsWith(`.${lowerDomain}`);
}

/**
 * The tenant domain with the longest name that the UPN's domain is within: for
 * 'ada@eu.contoso.com' that is 'eu.contoso.com' if listed, else 'contoso.com'; never
 * 'notcontoso.com'. Undefined when none matches.
 */
export function findUserDomain(userPrincipalName: string, domains: readonly DirectoryDomain[]): DirectoryDomain | undefined {
  const upnDomain = upnDomainOf(userPrincipalName);
  let best: DirectoryDomain | undefined;
  for (const domain of domains) {
    if (isWithinDomain(upnDomain, domain.id) && domain.id.length > (best?.id.length ?? -1)) best = domain;
  }
  return best;
}

/**
 * The policy `domain` really has: a subdomain takes a null validity from the nearest listed parent
 * that sets one, and is federated when a parent up to its root is (in Entra, subdomains take the
 * root's authentication until promoted to roots themselves).
 */
export function effectiveDomainPolicy(domain: DirectoryDomain, domains: readonly DirectoryDomain[]): EffectiveDomainPolicy {
  const chain = [domain];
  for (let current = domain; !current.isRoot; ) {
    const parent = nearestListedParent(current.id, domains);
    if (!parent) break;
    chain.push(parent);
    current = parent;
  }
  return {
    federated: chain.some((link) => link.authenticationType.toLowerCase() === 'federated'),
    passwordValidityPeriodInDays: chain.find((link) => link.passwordValidityPeriodInDays !== null)?.passwordValidityPeriodInDays ?? null,
  };
}

// 'a.b.contoso.com' -> 'b.contoso.com' if listed, else 'contoso.com' if listed, and so on.
function nearestListedParent(name: string, domains: readonly DirectoryDomain[]): DirectoryDomain | undefined {
  const labels = name.toLowerCase().split('.');
  for (let start = 1; start < labels.length; start += 1) {
    const parentName = labels.slice(start).join('.');
    const parent = domains.find((candidate) => candidate.id.toLowerCase() === parentName);
    if (parent) return parent;
  }
  return undefined;
}
