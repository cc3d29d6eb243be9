// A Graph simulator on a loopback port with a hand-moved clock, for the directory and
// configuration tests. The clients' retry sleep moves the same clock, so waiting out a
// Retry-After (and the throttling bucket refilling during it) takes no real time.
import {
  createGraphSimulator,
  DEMO_GRAPH_CREDENTIALS,
  type GraphFaults,
  type GraphSimulator,
  type SimulatorSettings,
  type TenantCredentials,
} from '../../../simulators/graph/index.js';
import { clientSecretCredential, GraphClient, type GraphClientOptions, TokenCache } from '../../integrations/graph/index.js';

class ManualClock {
  constructor(public nowMs: number = Date.parse('2025-03-10T14:30:00Z')) {}
  readonly now = (): Date => new Date(this.nowMs);
  advance(ms: number): void {
    this.nowMs += ms;
  }
}

interface RecordedRequest {
  method: string;
  url: string;
  status: number;
  retryAfter: string | null;
}

export interface GraphHarness {
  simulator: GraphSimulator;
  baseUrl: string;
  clock: ManualClock;
  /** Every retry wait the clients asked for, in ms (the clock advanced by each). */
  sleeps: number[];
  /** Every HTTP exchange the clients made through `fetch`. */
  requests: RecordedRequest[];
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  tokenCache: TokenCache;
  client(credentials: Pick<TenantCredentials, 'directoryId' | 'applicationId' | 'clientSecret'>, overrides?: Partial<GraphClientOptions>): GraphClient;
  setFaults(faults: Partial<GraphFaults>): void;
  setSettings(settings: Partial<SimulatorSettings>): void;
  /** Back to the seeded demo tenants, no faults, nothing recorded. */
  reset(): void;
  close(): Promise<void>;
}

export async function startGraphHarness(): Promise<GraphHarness> {
  const clock = new ManualClock();
  const simulator = createGraphSimulator({ clock: clock.now });
  const baseUrl = await simulator.listen(0, '127.0.0.1');
  const sleeps: number[] = [];
  const requests: RecordedRequest[] = [];
  let tokenCache = new TokenCache();
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    requests.push({ method: init?.method ?? 'GET', url: String(input), status: response.status, retryAfter: response.headers.get('retry-after') });
    return response;
  };
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    clock.advance(ms);
  };
  const harness: GraphHarness = {
    simulator,
    baseUrl,
    clock,
    sleeps,
    requests,
    fetch: recordingFetch,
    sleep,
    get tokenCache() {
      return tokenCache;
    },
    client: (credentials, overrides = {}) =>
      new GraphClient({
        authorityUrl: baseUrl,
        graphUrl: baseUrl,
        entraTenantId: credentials.directoryId,
        clientId: credentials.applicationId,
        credential: clientSecretCredential(credentials.clientSecret),
        fetch: recordingFetch,
        clock: clock.now,
        timeoutMs: 5_000,
        tokenCache,
        ...overrides,
        retry: { sleep, random: () => 0.5, ...overrides.retry },
      }),
    setFaults: (faults) => {
      simulator.state.faults = { ...simulator.state.faults, ...faults };
    },
    setSettings: (settings) => {
      simulator.state.settings = { ...simulator.state.settings, ...settings };
    },
    reset: () => {
      simulator.reset();
      sleeps.length = 0;
      requests.length = 0;
      tokenCache = new TokenCache();
    },
    close: async () => {
      const closing = simulator.close();
      // Requests the tests aborted (timeouts) may still be in flight; their keep-alive sockets would hold close() for 72 s.
      simulator.app.server.closeAllConnections();
      await closing;
    },
  };
  return harness;
}

/**
 * The id of the seeded demo tenant's (Contoso's) security group named `displayName`, so tests
 * name groups as a person would. Read from the simulator's state: no Graph request is made.
 */
export function demoGroupId(harness: GraphHarness, displayName: string): string {
  const contoso = harness.simulator.state.tenants.get(DEMO_GRAPH_CREDENTIALS.directoryId);
  const group = contoso?.groups.find((candidate) => candidate.securityEnabled && candidate.displayName === displayName);
  if (!group) throw new Error(`the demo tenant has no security group named ${displayName}`);
  return group.id;
}
