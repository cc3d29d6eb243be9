import pg from 'pg';

const RELISTEN_DELAY_MS = 1_000;

export interface NoticeHandlers {
  /** A notice's payload, as it arrives. */
  onNotice(payload: string): void;
  /** Listening stopped (the connection was lost, or closed): notices may be missed from now on. */
  onDeaf(): void;
  /** Why the connection was lost (it is opened again a second later). */
  onError(error: Error): void;
}

/**
 * A connection of its own LISTENing on one PostgreSQL channel, for what an instance keeps in
 * memory only as long as every change to it is announced. `listening` is true only while notices
 * arrive: not before the first connection, and not between a lost connection and the next.
 */
export class NoticeListener {
  private client: pg.Client | null = null;
  private closed = false;
  private relisten: NodeJS.Timeout | null = null;
  private active = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    private readonly handlers: NoticeHandlers,
  ) {}

  get listening(): boolean {
    return this.active;
  }

  /** Connects and listens; a failure is handled as a lost connection (reported, retried). */
  async start(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => this.handlers.onNotice(message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error(`the connection listening on ${this.channel} closed`)));
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.active = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.deaf();
    if (this.relisten) clearTimeout(this.relisten);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private deaf(): void {
    this.active = false;
    this.handlers.onDeaf();
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== null && this.client !== client) return;
    this.client = null;
    this.deaf();
    client.end().catch(() => {});
    if (this.closed || this.relisten) return;
    this.handlers.onError(error);
    this.relisten = setTimeout(() => {
      this.relisten = null;
      void this.start();
    }, RELISTEN_DELAY_MS);
    this.relisten.unref();
  }
}
