/**
 * Test support: a relay process for a `describe` block (started before its tests, or before each test
 * with `perTest` for an empty store each time), and clients on it that are closed after each test.
 */
import { RawClient, type RawClientOptions } from './rawClient';
import { startRelayProcess, type RelayProcess } from './relayProcess';

export interface RelayFixture {
  /** The running relay (inside tests and hooks). */
  readonly relay: RelayProcess;
  /** A connected client, closed after the test. */
  client(options?: RawClientOptions): Promise<RawClient>;
}

export function relayFixture(env: Readonly<Record<string, string>>, options: { perTest?: boolean } = {}): RelayFixture {
  let relay: RelayProcess | undefined;
  const open: RawClient[] = [];
  (options.perTest ? beforeEach : beforeAll)(async () => {
    relay = await startRelayProcess({ env });
  }, 20_000);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    if (options.perTest) await relay?.stop();
  });
  if (!options.perTest) {
    afterAll(async () => {
      await relay?.stop();
    });
  }
  return {
    get relay() {
      if (!relay) throw new Error('the relay runs inside tests and hooks only');
      return relay;
    },
    async client(clientOptions) {
      const c = await RawClient.connect(this.relay.url, clientOptions);
      open.push(c);
      return c;
    },
  };
}
