// ops/: the alerting rules pass promtool (syntax and their own unit tests), and the rules and the
// Grafana dashboard only name metrics this app exports.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { metricsRegistry } from './registry.js';
import { PROMTOOL, prometheusToolAvailable } from './test-support/prometheus-server.js';

const OPS = fileURLToPath(new URL('../../../ops/', import.meta.url));
const RULES = `${OPS}prometheus/passwatch-alerts.yml`;
const RULE_TESTS = `${OPS}prometheus/passwatch-alerts.test.yml`;
const DASHBOARD = `${OPS}grafana/passwatch-dashboard.json`;

/** Names a PromQL text uses, a histogram's or summary's series folded onto the metric's name. */
function metricNamesIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\bpasswatch_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|sum|count)$/, '')));
}

async function exportedNames(): Promise<Set<string>> {
  return new Set((await metricsRegistry.getMetricsAsJSON()).map((metric) => metric.name));
}

describe('ops/', () => {
  it.skipIf(!prometheusToolAvailable(PROMTOOL))('alerting rules pass promtool check rules and their unit tests', () => {
    expect(execFileSync(PROMTOOL, ['check', 'rules', RULES], { encoding: 'utf8' })).toContain('SUCCESS: 10 rules found');
    // Test files name their rule files relative to themselves.
    expect(execFileSync(PROMTOOL, ['test', 'rules', RULE_TESTS], { encoding: 'utf8', cwd: `${OPS}prometheus` })).toContain('SUCCESS');
  });

  it('the alerting rules and the dashboard name only metrics the app exports', async () => {
    const exported = await exportedNames();
    const rules = metricNamesIn(readFileSync(RULES, 'utf8'));
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };
    const queried = metricNamesIn(dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)).join('\n'));
    expect(rules.size).toBeGreaterThan(5);
    expect(queried.size).toBeGreaterThan(15);
    expect([...rules].filter((name) => !exported.has(name))).toEqual([]);
    expect([...queried].filter((name) => !exported.has(name))).toEqual([]);
  });
});
