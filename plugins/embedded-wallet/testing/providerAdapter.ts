/**
 * A minimal eip155 adapter for this plugin's tests: it drives a connector's EIP-1193 provider the
 * way the EVM plugin does (eth_requestAccounts, eth_chainId, personal_sign, wallet_switchEthereumChain,
 * wallet_revokePermissions on disconnect). A plugin's tests may not import another plugin; the
 * real EVM adapter drives this plugin in tests/embedded-wallet.dom.test.tsx and end to end.
 */
import { Subject } from 'rxjs';
import type { AdapterConnection, AdapterEvent, ChainAdapter, Connector, Eip1193Provider, PluginManifest } from 'latchkey';

type Provider = Eip1193Provider & { on(e: string, l: (...a: any[]) => void): unknown };

export class ProviderAdapter implements ChainAdapter<'eip155'> {
  readonly namespace = 'eip155' as const;
  readonly events = new Subject<AdapterEvent>();
  readonly events$ = this.events.asObservable();
  /** Every request made through a provider, in order. */
  readonly calls: string[] = [];

  private provider(c: Connector): Provider {
    const p = c.provider as Provider;
    return {
      ...p,
      request: (args) => {
        this.calls.push(args.method);
        return p.request(args);
      },
    };
  }

  private async establish(c: Connector, accounts: unknown): Promise<AdapterConnection | null> {
    const [address] = accounts as string[];
    if (!address) return null;
    const chainId = Number(await this.provider(c).request({ method: 'eth_chainId' }));
    (c.provider as Provider).on('chainChanged', (id: string) => this.events.next({ type: 'chainChanged', namespace: 'eip155', chainId: Number(id), connectorId: c.id }));
    (c.provider as Provider).on('accountsChanged', (a: string[]) => this.events.next({ type: 'accountsChanged', namespace: 'eip155', accounts: a, connectorId: c.id }));
    return { address, caipAddress: `eip155:${chainId}:${address}`, chainId, accounts: [{ namespace: 'eip155', address, type: 'eoa' }] };
  }

  async connect({ connector }: { connector: Connector }): Promise<AdapterConnection> {
    const r = await this.establish(connector, await this.provider(connector).request({ method: 'eth_requestAccounts' }));
    if (!r) throw new Error('no account');
    return r;
  }

  async reconnect({ connector }: { connector: Connector }): Promise<AdapterConnection | null> {
    return this.establish(connector, await this.provider(connector).request({ method: 'eth_accounts' }));
  }

  async disconnect({ connector }: { connector: Connector }): Promise<void> {
    await this.provider(connector).request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
  }

  async switchNetwork({ connector, network }: { connector: Connector; network: { id: number | string } }): Promise<void> {
    await this.provider(connector).request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${Number(network.id).toString(16)}` }] });
  }

  async signMessage({ connector, address, message }: { connector: Connector; address: string; message: string }): Promise<string> {
    return (await this.provider(connector).request({ method: 'personal_sign', params: [message, address] })) as string;
  }

  async getBalance(): Promise<{ balance: string; symbol: string }> {
    return { balance: '1', symbol: 'ETH' };
  }
}

/** A chain plugin serving eip155 with `adapter`. */
export function providerChainPlugin(adapter: ProviderAdapter): PluginManifest {
  return { id: 'test-chain', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) };
}
