// The Graph simulator for benchmarks, in a child process so its memory is not counted in the
// peak RSS of the process being measured.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export interface GraphSimulatorProcess {
  baseUrl: string;
  /** Calls the simulator's control API (`/_control/<path>`) and returns its JSON answer. */
  control<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  /** Ends the child process and waits until it has exited. */
  stop(): Promise<void>;
}

export async function startGraphSimulatorProcess(): Promise<GraphSimulatorProcess> {
  const entry = fileURLToPath(new URL('../../src/simulators/graph/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, GRAPH_SIMULATOR_PORT: '0', GRAPH_SIMULATOR_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  for await (const chunk of child.stdout) {
    output += String(chunk);
    const baseUrl = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (!baseUrl) continue;
    return {
      baseUrl,
      control: async <T>(method: string, path: string, body?: unknown) => {
        const response = await fetch(`${baseUrl}/_control/${path}`, {
          method,
          ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        });
        if (!response.ok) throw new Error(`${method} /_control/${path}: ${response.status} ${await response.text()}`);
        return (await response.json()) as T;
      },
      stop: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        await once(child, 'exit');
      },
    };
  }
  throw new Error(`the Graph simulator did not start:\n${output}`);
}
