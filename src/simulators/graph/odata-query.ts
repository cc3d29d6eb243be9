// OData system query options as Graph's directory endpoints accept them: $select, $top (1..999),
// $filter (boolean equality only), $count (needs `ConsistencyLevel: eventual`) and $skiptoken.
// What Graph would answer differently than this subset is refused, never silently ignored.
import type { EntityShape } from './entity-shapes.js';
import { badRequest, unsupportedQuery } from './errors.js';

type QueryOption = '$select' | '$top' | '$filter' | '$count' | '$skiptoken';

export interface BooleanFilter {
  property: string;
  value: boolean;
}

export interface ListQuery {
  /** Canonical property names; null when $select is absent. */
  select: string[] | null;
  top: number;
  filter: BooleanFilter | null;
  count: boolean;
  skipToken: string | null;
  /** The request's query string without $skiptoken: what nextLinks repeat. */
  params: URLSearchParams;
}

export interface QueryRules {
  allowed: readonly QueryOption[];
  /** Every shape $select may name properties of (several for directoryObject collections). */
  selectable: readonly EntityShape<never>[];
  /** Type named in errors: 'microsoft.graph.user'. */
  typeName: string;
  /** Where $filter properties are looked up; omitted when the endpoint has no $filter. */
  filterShape?: EntityShape<never>;
}

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 999;

export function parseListQuery(rawUrl: string, consistencyLevel: string | undefined, rules: QueryRules): ListQuery {
  const options = readSystemQueryOptions(rawUrl, rules.allowed);
  const count = parseCount(options.values.get('$count'));
  if (count && consistencyLevel?.trim().toLowerCase() !== 'eventual') {
    throw badRequest('$count is not currently supported.');
  }
  const selectValue = options.values.get('$select');
  const topValue = options.values.get('$top');
  const filterValue = options.values.get('$filter');
  return {
    select: selectValue === undefined ? null : parseSelect(selectValue, rules),
    top: topValue === undefined ? DEFAULT_PAGE_SIZE : parseTop(topValue),
    filter: filterValue === undefined || !rules.filterShape ? null : parseFilter(filterValue, rules.filterShape),
    count,
    skipToken: options.values.get('$skiptoken') ?? null,
    params: options.withoutSkipToken,
  };
}

interface SystemQueryOptions {
  values: Map<QueryOption, string>;
  withoutSkipToken: URLSearchParams;
}

function readSystemQueryOptions(rawUrl: string, allowed: readonly QueryOption[]): SystemQueryOptions {
  const search = new URLSearchParams(rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '');
  const values = new Map<QueryOption, string>();
  const withoutSkipToken = new URLSearchParams();
  for (const [rawKey, value] of search) {
    const key = rawKey.toLowerCase();
    if (key !== '$skiptoken') withoutSkipToken.append(rawKey, value);
    if (!key.startsWith('$')) continue;
    if (key === '$skip') throw badRequest("'$skip' is not supported by the service.");
    if (!(allowed as readonly string[]).includes(key)) {
      throw unsupportedQuery(`The query option '${rawKey}' is not supported by this endpoint of the simulator.`);
    }
    if (values.has(key as QueryOption)) {
      throw badRequest(`Query option '${rawKey}' was specified more than once, but it must be specified at most once.`);
    }
    values.set(key as QueryOption, value);
  }
  return { values, withoutSkipToken };
}

function parseCount(value: string | undefined): boolean {
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  throw badRequest(`The value '${value}' is not valid for $count. Only 'true' and 'false' are allowed.`);
}

function parseTop(value: string): number {
  const top = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(top >= 1 && top <= MAX_PAGE_SIZE)) {
    throw badRequest(`Invalid page size specified: '${value}'. Must be between 1 and ${MAX_PAGE_SIZE} inclusive.`);
  }
  return top;
}

function parseSelect(value: string, rules: QueryRules): string[] | null {
  const canonical = new Map<string, string>();
  for (const shape of rules.selectable) {
    for (const name of Object.keys(shape.properties)) canonical.set(name.toLowerCase(), name);
  }
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  if (names.length === 0) return null;
  const selected = names.map((name) => {
    const known = canonical.get(name.toLowerCase());
    if (!known) throw badRequest(`Could not find a property named '${name}' on type '${rules.typeName}'.`);
    return known;
  });
  return [...new Set(selected)];
}

function parseFilter(value: string, shape: EntityShape<never>): BooleanFilter {
  const canonicalName = (name: string) => Object.keys(shape.properties).find((property) => property.toLowerCase() === name.toLowerCase());
  const equality = /^\s*([A-Za-z]\w*)\s+eq\s+(true|false)\s*$/i.exec(value);
  if (equality?.[1] && equality[2]) {
    const property = canonicalName(equality[1]);
    if (property && shape.filterable[property]) return { property, value: equality[2].toLowerCase() === 'true' };
  }
  const leading = /^\s*([A-Za-z]\w*)\s*(\()?/.exec(value);
  const identifier = leading?.[1];
  if (identifier && !leading[2]) {
    const property = canonicalName(identifier);
    if (!property) throw badRequest(`Could not find a property named '${identifier}' on type '${shape.typeName}'.`);
    throw unsupportedQuery(`Unsupported or invalid query filter clause specified for property '${property}' of resource '${shape.resourceName}'.`);
  }
  throw unsupportedQuery('Unsupported Query.');
}
