import { Logger } from '@nestjs/common';
import { Client } from 'pg';

export interface PgListenerOptions {
  connectionString: string;
  /** Channels to LISTEN on (plain identifiers). */
  channels: string[];
  /** Called for every notification, in commit order. */
  onNotification: (channel: string, payload: string) => void;
  /**
   * Called each time listening starts or starts again: notifications sent while it was not
   * listening are lost, so whatever they would have told must be looked up again here.
   */
  onListening?: () => void | Promise<void>;
  /** Called when the connection is lost (listening starts again on its own). */
  onLost?: () => void;
  name: string;
  reconnectMs?: number;
}

/**
 * A dedicated PostgreSQL connection that LISTENs and reconnects by itself. It makes no query while
 * idle: PostgreSQL pushes each notification when the notifying transaction commits.
 */
export class PgListener {
  private readonly logger: Logger;
  private client?: Client;
  private running = false;
  private timer?: NodeJS.Timeout;
  listening = false;

  constructor(private readonly options: PgListenerOptions) {
    this.logger = new Logger(`PgListener:${options.name}`);
  }

  start(): void {
    this.running = true;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.options.connectionString });
    this.client = client;
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listening = false;
      client.removeAllListeners();
      void client.end().catch(() => undefined);
      if (!this.running) return;
      this.options.onLost?.();
      this.logger.warn({ err: error }, `${this.options.name} listener lost; listening again shortly`);
      this.timer = setTimeout(() => void this.connect(), this.options.reconnectMs ?? 2_000);
      this.timer.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) =>
      this.options.onNotification(message.channel, message.payload ?? ''),
    );
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`listen ${channel}`);
      if (this.client !== client) return;
      this.listening = true;
      await this.options.onListening?.();
    } catch (error) {
      lost(error as Error);
    }
  }
}
