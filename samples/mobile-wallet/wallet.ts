/**
 * The sample mobile wallet's engine: a wallet on @reown/walletkit (on its own
 * @walletconnect/core) that pairs through the relay the stack names in /config.json,
 * approves with anvil's first account, signs with viem and sends to the anvil chains.
 * No DOM here: main.tsx renders `state` and calls the actions.
 */
import { WalletKit, type WalletKitTypes } from '@reown/walletkit';
import { Core } from '@walletconnect/core';
import { getSdkError } from '@walletconnect/utils';
import type { Chain, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readBalances, viemChainsOf, waitForReceipt } from './chains';
import { proposalSignIns, signAuthentication, type ProposalSignIn } from '../shared/walletAuth.mjs';
import { LocalVerify } from './localVerify';
import { approvalNamespaces, chainIdOf, RPC_ERRORS, summarizeProposal, summarizeRequest } from './logic';
import { executeRequest, WalletRpcError } from './requests';
import type { LogEntry, PendingProposal, PendingRequest, SessionView, WalletConfig, WalletState } from './state';

export type { LogEntry, PendingProposal, PendingRequest, SessionView, WalletConfig, WalletState } from './state';

/**
 * anvil's first default account. Its key is the well-known, PUBLIC development key that
 * every anvil/hardhat node funds: fine for this local sample, never for real funds.
 */
export const ANVIL_ACCOUNT_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

type Listener = () => void;
const MAX_LOG = 50;

export class MobileWallet {
  private current: WalletState;
  private readonly listeners = new Set<Listener>();
  private kit: InstanceType<typeof WalletKit> | undefined;
  private readonly account;
  /** The one-click sign-in requests of each pending proposal (samples/shared/walletAuth.mjs). */
  private readonly signInRequests = new Map<number, ProposalSignIn[]>();
  private readonly viemChains: Map<number, Chain>;
  private readonly activeChain = new Map<string, number>();

  constructor(private readonly config: WalletConfig) {
    this.account = privateKeyToAccount(config.privateKey ?? ANVIL_ACCOUNT_KEY);
    this.viemChains = viemChainsOf(config.chains);
    this.current = {
      status: 'starting',
      relay: 'idle',
      pairing: false,
      address: this.account.address,
      chains: config.chains,
      balances: {},
      proposals: [],
      requests: [],
      sessions: [],
      log: [],
    };
  }

  // ------------------------------------------------------------ state

  get state(): WalletState {
    return this.current;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<WalletState>): void {
    this.current = { ...this.current, ...patch };
    for (const l of this.listeners) l();
  }

  private log(kind: LogEntry['kind'], text: string): void {
    this.set({ log: [{ at: Date.now(), kind, text }, ...this.current.log].slice(0, MAX_LOG) });
  }

  // ------------------------------------------------------------ start

  async start(): Promise<void> {
    try {
      const core = new Core({
        projectId: this.config.projectId ?? 'latchkey-sample-wallet',
        relayUrl: this.config.relayUrl,
        telemetryEnabled: false,
        customStoragePrefix: 'latchkey-mobile-wallet',
        logger: 'error',
      });
      if (!this.config.hostedVerify) core.verify = new LocalVerify(core);
      core.relayer.on('relayer_connect', () => this.set({ relay: 'connected' }));
      core.relayer.on('relayer_disconnect', () => this.set({ relay: 'disconnected' }));
      const kit = await WalletKit.init({
        core,
        // The page lists every pending request at once, each with its own buttons. With
        // sign-client's queue on, it would emit one request at a time and wait 1 s after each
        // answer before the next (measured: a second request showed up 1.3 s late).
        signConfig: { disableRequestQueue: true },
        metadata: {
          name: 'Latchkey sample wallet',
          description: 'A mobile wallet page on @reown/walletkit for the local Latchkey stack',
          url: location.origin,
          icons: [],
        },
      });
      this.kit = kit;
      kit.on('session_proposal', (e) => this.onProposal(e));
      kit.on('session_request', (e) => this.onRequest(e));
      kit.on('session_delete', (e) => this.onSessionDeleted(e.topic));
      kit.on('proposal_expire', (e) => {
        this.set({ proposals: this.current.proposals.filter((p) => p.id !== e.id) });
        this.log('info', 'A connection request expired.');
      });
      kit.on('session_request_expire', (e) => {
        this.set({ requests: this.current.requests.filter((r) => r.id !== e.id) });
        this.log('info', 'A request expired.');
      });
      this.set({ status: 'ready', relay: core.relayer.connected ? 'connected' : this.current.relay });
      this.refreshSessions();
      // Requests that arrived while the page was closed.
      for (const r of kit.getPendingSessionRequests()) this.onRequest(r as WalletKitTypes.SessionRequest);
      void this.refreshBalances();
    } catch (err) {
      this.set({ status: 'failed', error: `The wallet could not start: ${(err as Error).message}` });
    }
  }

  private get walletKit() {
    if (!this.kit) throw new Error('The wallet is not started yet.');
    return this.kit;
  }

  // ------------------------------------------------------------ pairing and proposals

  /** Pairs with a checked `wc:` link; the proposal then arrives through the relay. */
  async pair(uri: string): Promise<void> {
    this.set({ pairing: true });
    this.log('info', 'Pairing…');
    try {
      await this.walletKit.pair({ uri });
      this.log('ok', 'Paired; waiting for the dapp’s proposal.');
    } catch (err) {
      this.log('error', `Pairing failed: ${(err as Error).message}`);
      throw err;
    } finally {
      this.set({ pairing: false });
    }
  }

  private onProposal(event: WalletKitTypes.SessionProposal): void {
    const { id, params, verifyContext } = event;
    const summary = summarizeProposal(params);
    const approval = approvalNamespaces(params, {
      address: this.account.address,
      chainIds: this.config.chains.map((c) => c.chainId),
    });
    const requests = proposalSignIns(params);
    this.signInRequests.set(id, requests);
    const signIns = requests.map((r) => String(r.domain));
    const proposal: PendingProposal = { id, summary, approval, validation: verifyContext?.verified?.validation ?? 'UNKNOWN', signIns, busy: false };
    this.set({ proposals: [...this.current.proposals.filter((p) => p.id !== id), proposal] });
    this.log('info', `${summary.name} asks to connect.`);
  }

  private patchProposal(id: number, patch: Partial<PendingProposal>): void {
    this.set({ proposals: this.current.proposals.map((p) => (p.id === id ? { ...p, ...patch } : p)) });
  }

  async approveProposal(id: number): Promise<void> {
    const proposal = this.current.proposals.find((p) => p.id === id);
    if (!proposal || proposal.busy) return;
    if (!proposal.approval.ok) throw new Error(proposal.approval.reason);
    this.patchProposal(id, { busy: true });
    try {
      // One-click sign-in: each request the proposal carries, signed for a chain approved here, goes back with the approval.
      const signed = await signAuthentication(this.signInRequests.get(id) ?? [], {
        address: this.account.address,
        chains: proposal.approval.namespaces.eip155!.chains,
        format: (p) => this.walletKit.formatAuthMessage(p),
        signMessage: (message) => this.account.signMessage({ message }),
      });
      const session = await this.walletKit.approveSession({
        id,
        namespaces: proposal.approval.namespaces,
        ...(signed.length ? { proposalRequestsResponses: { authentication: signed.map((a) => a.cacao) as never } } : {}),
      });
      this.activeChain.set(session.topic, chainIdOf(proposal.approval.namespaces.eip155!.chains[0]) ?? 0);
      this.set({ proposals: this.current.proposals.filter((p) => p.id !== id) });
      this.signInRequests.delete(id);
      this.log('ok', signed.length ? `Connected to ${proposal.summary.name} and signed in.` : `Connected to ${proposal.summary.name}.`);
      this.refreshSessions();
    } catch (err) {
      this.patchProposal(id, { busy: false });
      this.log('error', `Approving failed: ${(err as Error).message}`);
    }
  }

  async rejectProposal(id: number): Promise<void> {
    const proposal = this.current.proposals.find((p) => p.id === id);
    if (!proposal || proposal.busy) return;
    this.patchProposal(id, { busy: true });
    try {
      await this.walletKit.rejectSession({ id, reason: getSdkError(proposal.approval.ok ? 'USER_REJECTED' : 'UNSUPPORTED_NAMESPACE_KEY') });
      this.log('info', `Rejected ${proposal.summary.name}.`);
    } catch (err) {
      this.log('error', `Rejecting failed: ${(err as Error).message}`);
    } finally {
      this.set({ proposals: this.current.proposals.filter((p) => p.id !== id) });
      this.signInRequests.delete(id);
    }
  }

  // ------------------------------------------------------------ sessions

  private refreshSessions(): void {
    if (!this.kit) return;
    const sessions = Object.values(this.kit.getActiveSessions()).map((s): SessionView => {
      const chains = s.namespaces.eip155?.chains ?? [];
      if (!this.activeChain.has(s.topic)) this.activeChain.set(s.topic, chainIdOf(chains[0]) ?? 0);
      const busy = this.current.sessions.find((v) => v.topic === s.topic)?.busy ?? false;
      return {
        topic: s.topic,
        name: s.peer.metadata.name || 'Unnamed dapp',
        url: s.peer.metadata.url,
        chains,
        activeChainId: this.activeChain.get(s.topic) || undefined,
        busy,
      };
    });
    this.set({ sessions });
  }

  private onSessionDeleted(topic: string): void {
    const name = this.current.sessions.find((s) => s.topic === topic)?.name ?? 'The dapp';
    this.activeChain.delete(topic);
    this.set({ requests: this.current.requests.filter((r) => r.topic !== topic) });
    this.refreshSessions();
    this.log('info', `${name} disconnected.`);
  }

  async disconnect(topic: string): Promise<void> {
    const view = this.current.sessions.find((s) => s.topic === topic);
    if (!view || view.busy) return;
    this.set({ sessions: this.current.sessions.map((s) => (s.topic === topic ? { ...s, busy: true } : s)) });
    try {
      await this.walletKit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') });
      this.log('ok', `Disconnected from ${view.name}.`);
    } catch (err) {
      this.log('error', `Disconnecting failed: ${(err as Error).message}`);
    } finally {
      this.activeChain.delete(topic);
      this.set({ requests: this.current.requests.filter((r) => r.topic !== topic) });
      this.refreshSessions();
    }
  }

  // ------------------------------------------------------------ requests

  private onRequest(event: WalletKitTypes.SessionRequest): void {
    const { id, topic, params } = event;
    if (this.current.requests.some((r) => r.id === id)) return;
    const { method, params: reqParams } = params.request;
    const session = this.kit?.getActiveSessions()[topic];
    const summary = summarizeRequest(method, reqParams, params.chainId, this.config.chains, this.account.address);
    const request: PendingRequest = {
      id,
      topic,
      method,
      chainId: params.chainId,
      params: reqParams,
      dapp: session?.peer.metadata.name || 'A dapp',
      summary,
      busy: false,
    };
    this.set({ requests: [...this.current.requests, request] });
    this.log('info', `${request.dapp}: ${summary.title.toLowerCase()} (${method}).`);
  }

  private async respond(request: PendingRequest, response: { result: unknown } | { error: { code: number; message: string } }) {
    await this.walletKit.respondSessionRequest({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', ...response } as never });
    this.set({ requests: this.current.requests.filter((r) => r.id !== request.id) });
  }

  async approveRequest(id: number): Promise<void> {
    const request = this.current.requests.find((r) => r.id === id);
    if (!request || request.busy) return;
    this.set({ requests: this.current.requests.map((r) => (r.id === id ? { ...r, busy: true } : r)) });
    let outcome: { result: unknown } | { error: { code: number; message: string } };
    let after: (() => Promise<void>) | undefined;
    try {
      const done = await executeRequest(request, {
        account: this.account,
        viemChains: this.viemChains,
        switchChain: (topic, chainId) => this.switchChain(topic, chainId),
        afterTransaction: (chain, hash) => this.afterTransaction(chain, hash),
      });
      outcome = { result: done.result };
      after = done.after;
    } catch (err) {
      const e = err as { shortMessage?: string; message: string };
      outcome = { error: err instanceof WalletRpcError ? { code: err.code, message: err.message } : RPC_ERRORS.internal(e.shortMessage ?? e.message) };
    }
    try {
      await this.respond(request, outcome);
      if ('error' in outcome) this.log('error', `${request.summary.title} failed: ${outcome.error.message}`);
      else this.log('ok', `${request.summary.title}: done${typeof outcome.result === 'string' ? ` (${short(outcome.result)})` : ''}.`);
      void after?.();
    } catch (err) {
      this.set({ requests: this.current.requests.map((r) => (r.id === id ? { ...r, busy: false } : r)) });
      this.log('error', `Answering the dapp failed: ${(err as Error).message}`);
    }
  }

  async rejectRequest(id: number): Promise<void> {
    const request = this.current.requests.find((r) => r.id === id);
    if (!request || request.busy) return;
    this.set({ requests: this.current.requests.map((r) => (r.id === id ? { ...r, busy: true } : r)) });
    try {
      await this.respond(request, { error: RPC_ERRORS.userRejected });
      this.log('info', `Rejected: ${request.summary.title.toLowerCase()}.`);
    } catch (err) {
      this.set({ requests: this.current.requests.filter((r) => r.id !== id) });
      this.log('error', `Answering the dapp failed: ${(err as Error).message}`);
    }
  }

  /** Makes `chainId` the session's active chain: adds it to the session when missing, then emits chainChanged. */
  private async switchChain(topic: string, chainId: number): Promise<void> {
    const kit = this.walletKit;
    const session = kit.getActiveSessions()[topic];
    if (!session) throw new Error('The session is gone.');
    const caip = `eip155:${chainId}`;
    const ns = session.namespaces.eip155;
    if (ns && !(ns.chains ?? []).includes(caip)) {
      const { acknowledged } = await kit.updateSession({
        topic,
        namespaces: {
          ...session.namespaces,
          eip155: { ...ns, chains: [...(ns.chains ?? []), caip], accounts: [...ns.accounts, `${caip}:${this.account.address}`] },
        },
      });
      await acknowledged();
    }
    await kit.emitSessionEvent({ topic, chainId: caip, event: { name: 'chainChanged', data: chainId } });
    this.activeChain.set(topic, chainId);
    this.refreshSessions();
  }

  // ------------------------------------------------------------ balances

  /** Logs the receipt once mined and refreshes the balances. */
  private async afterTransaction(chain: Chain, hash: Hex): Promise<void> {
    try {
      const receipt = await waitForReceipt(chain, hash);
      this.log(receipt.status === 'success' ? 'ok' : 'error', `Transaction ${short(hash)} ${receipt.status === 'success' ? 'mined' : 'reverted'} in block ${receipt.blockNumber}.`);
    } catch (err) {
      this.log('error', `No receipt for ${short(hash)}: ${(err as Error).message}`);
    }
    await this.refreshBalances();
  }

  async refreshBalances(): Promise<void> {
    this.set({ balances: await readBalances(this.config.chains, this.viemChains, this.account.address) });
  }
}

function short(value: string): string {
  return value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value;
}
