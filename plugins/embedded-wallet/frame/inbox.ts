/**
 * What the frame client hears from the frame's window, checked with the protocol's zod schemas
 * (`parseFrameMessage`). The schemas load with the first frame (`load`), not with the client's module:
 * the plugin's module, loaded when the Connect view shows the e-mail field, evaluates no zod. A
 * message that arrives before they are there (none does in practice: the frame page takes longer to
 * load) waits for them, in order.
 */
import type { FrameMessage } from 'latchkey/plugins/embedded-wallet/protocol';

type Parse = (data: unknown) => FrameMessage;

/** Messages kept while the schemas load; more are dropped. */
const MAX_EARLY = 64;

/**
 * The parser, imported once per page (again after a failed import). From its own file, not the protocol's
 * entry: a dynamic import keeps every export of what it names, and the entry's page → frame schemas
 * (appEvents.ts) are the frame's to use, not the page's.
 */
let parser: Promise<Parse> | undefined;
function loadParser(): Promise<Parse> {
  return (parser ??= import('../protocol/frameEvents').then(
    (m) => m.parseFrameMessage,
    (err: unknown) => {
      parser = undefined;
      throw err;
    },
  ));
}

export class FrameInbox {
  private parse: Parse | undefined;
  private early: unknown[] = [];

  /** `deliver` gets each message parsed; `drop` counts one that could not be kept. */
  constructor(
    private readonly deliver: (msg: FrameMessage) => void,
    private readonly drop: () => void,
  ) {}

  /** Loads the schemas (once); rejects when they cannot be imported. */
  async load(): Promise<void> {
    if (this.parse) return;
    const parse = await loadParser();
    this.parse ??= parse;
    const early = this.early;
    this.early = [];
    for (const data of early) this.deliver(parse(data));
  }

  /** A message from the frame's window (its source and origin checked by the caller). */
  accept(data: unknown): void {
    if (this.parse) this.deliver(this.parse(data));
    else if (this.early.length < MAX_EARLY) this.early.push(data);
    else this.drop();
  }

  /** Forgets the messages still waiting (the frame they came from is gone). */
  clear(): void {
    this.early = [];
  }
}
