// Debian's Prometheus (and promtool), started by tests on loopback with a configuration and data
// folder of their own. Missing binaries skip the test loudly, except under CI=true, where .ci/run
// installs them and their absence is a failure.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '../../notifications/test-support/notification-harness.js';

export const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
export const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';

/** True when `binary` exists; otherwise warns loudly (outside CI) or throws (CI=true). */
export function prometheusToolAvailable(binary: string): boolean {
  if (existsSync(binary)) return true;
  const help = `${binary} not found. Install Debian's Prometheus: apt-get update && apt-get install -y prometheus`;
  if (process.env.CI === 'true') throw new Error(`Prometheus tests cannot run under CI: ${help}`);
  console.warn(`\n!!!!!!!!!!\n!!! SKIPPING PROMETHEUS TESTS: ${help}\n!!!!!!!!!!\n`);
  return false;
}

export interface PrometheusServer {
  /** Instant query through Prometheus's HTTP API: each series' labels and value. */
  query(expression: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Prometheus scraping `target` (host:port) every second, its bearer token in a file of its own. */
export async function startPrometheus(target: string, bearerToken: string): Promise<PrometheusServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'passwatch-prometheus-'));
  const tokenFile = path.join(dir, 'token');
  await writeFile(tokenFile, bearerToken, { mode: 0o600 });
  const configFile = path.join(dir, 'prometheus.yml');
  await writeFile(
    configFile,
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'scrape_configs:',
      '  - job_name: passwatch',
      '    metrics_path: /metrics',
      '    authorization:',
      `      credentials_file: ${tokenFile}`,
      '    static_configs:',
      `      - targets: ['${target}']`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const output: string[] = [];
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;

  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(async () => (await fetch(`${base}/-/ready`).catch(() => null))?.ok === true, 20_000, 'Prometheus to get ready');
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\n${output.join('')}`);
  }
  return {
    async query(expression) {
      const response = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await response.json()) as { status: string; data?: { result: { metric: Record<string, string>; value: [number, string] }[] } };
      if (body.status !== 'success' || !body.data) throw new Error(`query ${expression} failed: ${JSON.stringify(body)}`);
      return body.data.result.map((series) => ({ metric: series.metric, value: Number(series.value[1]) }));
    },
    close,
  };
}
