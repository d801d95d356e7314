/**
 * The e2e project's test environment: Node's, plus, for a file that starts a stack
 * (`startTestStack`) in a run with shared stacks, the wait for its worker's stack
 * (./sharedStacks.ts) before the file's first hook. A stack still booting at the start of
 * the run costs no test or hook its timeout, and the hook's `startTestStack()` finds it ready.
 */
import { readFileSync } from 'node:fs';
import { TestEnvironment } from 'jest-environment-node';
import { attachSlot, runDir } from './sharedStacks';

/** The longest a stack may take to boot on a loaded machine. */
const BOOT_TIMEOUT_MS = 300_000;

export default class E2eEnvironment extends TestEnvironment {
  private readonly usesStack: boolean;

  constructor(...[config, context]: ConstructorParameters<typeof TestEnvironment>) {
    super(config, context);
    this.usesStack = /\bstartTestStack\(/.test(readFileSync(context.testPath, 'utf8'));
  }

  override async setup(): Promise<void> {
    await super.setup();
    const run = runDir();
    if (run && this.usesStack) await attachSlot(run, process.env['JEST_WORKER_ID'] ?? '1', BOOT_TIMEOUT_MS);
  }
}
