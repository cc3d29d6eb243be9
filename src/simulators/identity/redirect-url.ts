/** Adds parameters to a registered URI, keeping any query it already has; undefined ones are skipped. */
export function withQueryParameters(uri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.toString();
}
