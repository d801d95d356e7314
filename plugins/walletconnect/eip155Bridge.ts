/**
 * The eip155 bridge: EIP-1193 requests of the `walletConnect` connector's provider answered over
 * the session. What the session itself knows (accounts, chain id) is answered here without the
 * wallet; wallet_switchEthereumChain asks the wallet when the session allows it and moves the
 * provider's default chain; everything else goes to the wallet on the current eip155 chain,
 * bounded by the lost-connection wait (./inflightRequests). It tracks that chain, following
 * chainChanged and switches.
 */
import { parseCaipNetworkId, type Alerts, type CaipNetwork } from 'latchkey';
import { ProviderDisconnectedError, SwitchChainError, assertSendCallsParams } from 'latchkey/errors';
import { addressesOn, parseAccount, sessionChains } from './namespaces/context';
import type { UniversalProviderLike } from './types';

/** Requests that read the session itself, not the wallet (never held by the relay guard). */
const LOCAL_METHODS: readonly string[] = ['eth_accounts', 'eth_chainId', 'eth_requestAccounts', 'wallet_revokePermissions'];

/** True for EIP-2255's `[{ eth_accounts: {} }]`: the dapp giving up its account permission. */
function isAccountsPermission(params: unknown): boolean {
  const first = Array.isArray(params) ? (params[0] as Record<string, unknown> | undefined) : undefined;
  return params === undefined || (typeof first === 'object' && first !== null && 'eth_accounts' in first);
}

/** An EIP-155 chain id (number, decimal or hex string) as EIP-1193's hex; undefined for anything else. */
export function toHexChainId(value: unknown): string | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? `0x${n.toString(16)}` : undefined;
}

/** What the bridge uses of the session service. */
export interface Eip155BridgeDeps {
  readonly alerts: Alerts;
  /** The networks the host configured. */
  networks(): readonly CaipNetwork[];
  provider(): Promise<UniversalProviderLike>;
  connect(): Promise<unknown>;
  disconnect(): Promise<void>;
  /** Sends a request to the wallet under the lost-connection wait. */
  guard<T>(work: () => Promise<T>): Promise<T>;
}

export class Eip155Bridge {
  /** Chain reference the eip155 requests go to, following chainChanged. */
  private evmChain: string | undefined;

  constructor(private readonly deps: Eip155BridgeDeps) {}

  async request(args: { method: string; params?: unknown }): Promise<unknown> {
    const { method, params } = args;
    if (method === 'eth_requestAccounts') {
      await this.deps.connect();
      return this.evmAddresses(await this.deps.provider());
    }
    const provider = await this.deps.provider();
    if (method === 'eth_accounts') return provider.session ? this.evmAddresses(provider) : [];
    if (!provider.session) throw new ProviderDisconnectedError({ details: 'No WalletConnect session.' });
    if (method === 'eth_chainId') return toHexChainId(this.currentChain(provider));
    if (method === 'wallet_revokePermissions' && isAccountsPermission(params)) {
      // Revoking the dapp's account permission (EIP-2255) ends a WalletConnect session.
      await this.deps.disconnect();
      return null;
    }
    if (method === 'wallet_sendCalls') assertSendCallsParams(params);
    try {
      if (method === 'wallet_switchEthereumChain') return await this.deps.guard(() => this.switchChain(provider, params));
      const chain = `eip155:${this.currentChain(provider)}`;
      const send = () => provider.request({ method, ...(params === undefined ? {} : { params }) }, chain);
      return await (LOCAL_METHODS.includes(method) ? send() : this.deps.guard(send));
    } catch (err) {
      this.deps.alerts.showProviderError(err);
      throw err;
    }
  }

  /** The wallet's chainChanged (eip155): followed, and returned as EIP-1193's hex; undefined for a chain that is not eip155. */
  chainChanged(chain: unknown): string | undefined {
    const hex = toHexChainId(chain);
    // Non-eip155 chains (e.g. a Solana genesis hash) are not EIP-1193 chain ids.
    if (hex) this.evmChain = String(Number(hex));
    return hex;
  }

  /** Requests go to chain reference `ref` from now on (undefined: the provider's or the session's first, again). */
  setChain(ref: string | undefined): void {
    this.evmChain = ref;
  }

  /**
   * Switches through the session: the wallet is asked (when it granted
   * wallet_switchEthereumChain), then the provider's default chain moves, which
   * emits chainChanged. A chain the session does not hold and the wallet cannot
   * be asked about is an unrecognised chain (4902).
   */
  private async switchChain(provider: UniversalProviderLike, params: unknown): Promise<null> {
    const raw = (Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined) ?? '';
    const hex = toHexChainId(raw);
    if (!hex) throw new SwitchChainError({ details: `Invalid chainId ${String(raw)}` });
    const ref = String(Number(hex));
    const session = provider.session!;
    const ns = session.namespaces['eip155'];
    const approved = (ns ? sessionChains(ns) : []).includes(`eip155:${ref}`);
    const canAsk = ns?.methods.includes('wallet_switchEthereumChain') && typeof provider.client?.request === 'function';
    if (canAsk) {
      await provider.client!.request!({
        topic: session.topic,
        chainId: `eip155:${this.currentChain(provider)}`,
        request: { method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] },
      });
    } else if (!approved) {
      throw new SwitchChainError({ details: `The session does not include eip155:${ref}.` });
    }
    const rpc = this.deps.networks().find((n) => n.caipNetworkId === `eip155:${ref}`)?.rpcUrls.default.http[0];
    provider.setDefaultChain(`eip155:${ref}`, rpc);
    this.evmChain = ref;
    return null;
  }

  /** The eip155 chain reference ('1') the session's requests go to. */
  currentChain(provider: UniversalProviderLike): string {
    // The provider's eip155 sub-provider knows its default chain; setDefaultChain moves it.
    const fromProvider = (provider as { rpcProviders?: Record<string, { getDefaultChain?(): string }> }).rpcProviders?.['eip155']?.getDefaultChain?.();
    if (fromProvider) return fromProvider;
    if (this.evmChain) return this.evmChain;
    const first = provider.session?.namespaces['eip155']?.accounts[0];
    const chain = first ? parseAccount(first)?.chain : undefined;
    return parseCaipNetworkId(chain ?? this.deps.networks().find((n) => n.chainNamespace === 'eip155')?.caipNetworkId ?? 'eip155:1').chainId;
  }

  private evmAddresses(provider: UniversalProviderLike): string[] {
    const ns = provider.session?.namespaces['eip155'];
    return ns ? addressesOn(ns, `eip155:${this.currentChain(provider)}`) : [];
  }
}
