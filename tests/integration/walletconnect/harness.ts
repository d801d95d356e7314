/**
 * What the WalletConnect scenarios here (*Scenario.ts, each bundled and run in a child process by
 * tests/support/runScenario.ts) share: the result line and its 40 s watchdog, the waits, the
 * wallet on the local relay (the kit's WalletKit test wallet) that approves EVM proposals, and the dapp's kernel.
 */
import type { IWalletKit, WalletKitTypes } from '@reown/walletkit';
import { approveEip155, proposedEip155, startWalletKit } from '../../../samples/shared/testing/walletKitWallet.mjs';
import { createKernel, type Kernel, type LatchkeyOptions, type PluginManifest } from '../../../kernel/index';
import { evmNetwork } from '../../../kernel/testing/networks';

/** Anvil's first development key: the account the scenarios' wallet answers with. */
export { ANVIL_KEY } from '../../../samples/shared/testing/walletKitWallet.mjs';

/** The dapp's EVM network: Anvil's chain 31337, with an RPC URL nothing answers (the wallet signs). */
export const anvilNetwork = evmNetwork(31337, 'Anvil', 'http://127.0.0.1:9/31337');

/**
 * Runs a scenario's `main` and prints one line `marker {json of result}`, then exits: 0 when
 * `main` resolves, 1 when it throws (the stack goes to `result.error`) or after 40 s.
 */
export function runScenarioMain(marker: string, result: Record<string, unknown>, main: () => Promise<void>): void {
  const finish = (code: number): void => {
    process.stdout.write(`${marker} ${JSON.stringify(result)}\n`, () => process.exit(code));
  };
  setTimeout(() => {
    result['error'] ??= 'scenario timed out after 40 s';
    finish(1);
  }, 40_000).unref();
  main().then(
    () => finish(0),
    (err) => {
      result['error'] = String((err as Error)?.stack ?? err);
      finish(1);
    },
  );
}

/** Returns a function that appends a step to `result.steps` (an array the scenario created). */
export function stepRecorder(result: Record<string, unknown>): (step: string) => void {
  return (step) => (result['steps'] as string[]).push(step);
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `test` every `pollMs` until it is true; throws `timed out after {ms} ms: {what}` after `ms`. */
export async function until(test: () => boolean, ms: number, what: string, pollMs = 10): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms: ${what}`);
    await sleep(pollMs);
  }
}

/** Settles as `p` does, or rejects with `timed out after {ms} ms: {what}` when `p` takes longer than `ms`. */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let t: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([p, new Promise<T>((_, rej) => (t = setTimeout(() => rej(new Error(`timed out after ${ms} ms: ${what}`)), ms)))]).finally(() => clearTimeout(t));
}

/** Starts the kit's test wallet (samples/shared/testing/walletKitWallet.mjs) on the relay at `relayUrl`, keeping its storage under `storagePrefix`. */
export function startWallet(relayUrl: string, storagePrefix: string): Promise<IWalletKit> {
  return startWalletKit({ relayUrl, projectId: 'latchkey-int', storagePrefix, metadata: { name: 'Int wallet', description: 'walletkit', url: 'http://127.0.0.1/w', icons: [] } });
}

/** What `answer` may make of a proposal: declined with `reject`, or approved with `proposalRequestsResponses`. */
export interface ProposalAnswer {
  readonly reject?: { readonly code: number; readonly message: string };
  readonly proposalRequestsResponses?: { readonly authentication?: readonly unknown[] };
}

/**
 * Makes `wallet` approve every session proposal with the EVM chains, methods and events it asks
 * for and `address` on each chain; `before` runs as a proposal arrives, `answer` may decline it or
 * add responses to its requests (one-click sign-in), `after` runs once it is approved.
 */
export function approveEvmProposals(
  wallet: IWalletKit,
  address: string,
  hooks: { before?(proposal: WalletKitTypes.SessionProposal): void; answer?(proposal: WalletKitTypes.SessionProposal, chains: string[]): Promise<ProposalAnswer | undefined>; after?(): void } = {},
): void {
  wallet.on('session_proposal', async (proposal) => {
    hooks.before?.(proposal);
    const { chains } = proposedEip155(proposal.params);
    const answer = await hooks.answer?.(proposal, chains);
    if (answer?.reject) return wallet.rejectSession({ id: proposal.id, reason: { ...answer.reject } });
    await approveEip155(wallet, proposal, { address, chains, ...(answer?.proposalRequestsResponses ? { proposalRequestsResponses: answer.proposalRequestsResponses } : {}) });
    hooks.after?.();
  });
}

/** Creates the dapp's kernel: project 'latchkey-int', metadata 'Int dapp' with `description`, analytics off. */
export function createDappKernel(description: string, networks: LatchkeyOptions['networks'], plugins: readonly PluginManifest[]): Kernel {
  return createKernel({
    options: {
      projectId: 'latchkey-int',
      metadata: { name: 'Int dapp', description, url: 'http://127.0.0.1/dapp', icons: [] },
      networks,
      features: { analytics: false },
    },
    plugins,
  });
}
