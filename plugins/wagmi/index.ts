/**
 * latchkey/wagmi: a wagmi connector for the wallet connected through the Latchkey modal,
 * whichever way the visitor connected (browser wallet, WalletConnect, embedded wallet). A dapp
 * built on wagmi keeps its hooks (useAccount, useSignMessage, useSendTransaction,
 * useSwitchChain, …); they act on Latchkey's eip155 connection.
 *
 *   const kernel = createKernel({ options, plugins: [evmPlugin(), walletConnectPlugin()] });
 *   const config = createConfig({ chains, transports, connectors: [latchkeyConnector({ kernel })] });
 *
 * - wagmi's connect() opens the modal (unless a wallet is connected already) and resolves when
 *   a wallet connects; closing the modal without one rejects with UserRejectedRequestError.
 * - A wallet connected from the modal directly (the connect button) connects wagmi too, and a
 *   disconnect, an account change or a network change on either side reaches the other.
 * - The provider wagmi gets answers accounts and chain from Latchkey's state, switches networks
 *   through Latchkey, and forwards every other request to the connected wallet's own provider.
 *
 * wagmi (`@wagmi/core`) is an optional peer dependency: only this entry imports it.
 */
import { ChainNotConfiguredError, createConnector } from '@wagmi/core';
import { getAddress, numberToHex, ProviderDisconnectedError, SwitchChainError, UserRejectedRequestError, type Address } from 'viem';
import type { Connector as LatchkeyWallet, Eip1193Provider, Kernel } from 'latchkey';

export interface LatchkeyConnectorParameters {
  /** The kernel the Latchkey modal uses (the one given to `<LatchkeyProvider>` or `createLatchkey`). */
  readonly kernel: Kernel;
}

export const LATCHKEY_CONNECTOR_ID = 'latchkey';

type Listener = (...args: any[]) => void;

/** The eip155 provider of a (possibly multi-chain) Latchkey connector. */
function walletProvider(wallet: LatchkeyWallet | undefined): Eip1193Provider | undefined {
  const own = wallet?.connectors?.find((c) => c.chain === 'eip155') ?? wallet;
  const p = own?.provider as Eip1193Provider | undefined;
  return p && typeof p.request === 'function' ? p : undefined;
}

export function latchkeyConnector({ kernel }: LatchkeyConnectorParameters) {
  if (!kernel || typeof kernel.get !== 'function') throw new TypeError('latchkeyConnector: pass { kernel }, the kernel from createKernel()');

  return createConnector<Eip1193Provider>((config) => {
    const evm = () => kernel.account.state.namespaces.eip155;
    const isConnected = () => evm()?.status === 'connected' && Boolean(evm()?.address);
    const accounts = (): Address[] => {
      const a = evm();
      if (a?.status !== 'connected' || !a.address) return [];
      const all = a.allAccounts.filter((r) => r.namespace === 'eip155').map((r) => getAddress(r.address));
      const first = getAddress(a.address);
      return [first, ...all.filter((x) => x !== first)];
    };
    const chainId = (): number => {
      const n = kernel.network.state.namespaces.eip155?.caipNetwork;
      return n ? Number(n.id) : config.chains[0].id;
    };

    /** Resolves when eip155 connects; rejects when the modal closes without a connection. */
    async function connectThroughModal(): Promise<void> {
      if (isConnected()) return;
      await kernel.start();
      if (isConnected()) return;
      await new Promise<void>((resolve, reject) => {
        let opened = false;
        const subs = [
          kernel.account.state$.subscribe(() => {
            if (!isConnected()) return;
            done();
            resolve();
          }),
          kernel.modal.state$.subscribe((m) => {
            if (m.open) opened = true;
            else if (opened && !isConnected()) {
              done();
              reject(new UserRejectedRequestError(new Error('The visitor closed the modal without connecting a wallet')));
            }
          }),
        ];
        function done() {
          queueMicrotask(() => subs.forEach((s) => s.unsubscribe()));
        }
        kernel.modal.open({ namespace: 'eip155' });
      });
    }

    async function switchTo(id: number) {
      const chain = config.chains.find((c) => c.id === id);
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError());
      if (chainId() === id) return chain;
      try {
        await kernel.network.switchNetwork(`eip155:${id}`);
      } catch (err) {
        throw new SwitchChainError(err as Error);
      }
      return chain;
    }

    const listeners = new Map<string, Set<Listener>>();
    const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args));

    const provider: Eip1193Provider = {
      async request({ method, params }) {
        switch (method) {
          case 'eth_accounts':
            return accounts();
          case 'eth_requestAccounts':
            await connectThroughModal();
            return accounts();
          case 'eth_chainId':
            return numberToHex(chainId());
          case 'wallet_switchEthereumChain': {
            const target = (params as [{ chainId?: unknown }] | undefined)?.[0]?.chainId;
            if (typeof target !== 'string' || !/^0x[0-9a-f]{1,16}$/i.test(target)) throw Object.assign(new Error('Invalid chainId'), { code: -32602 });
            await switchTo(Number(target));
            return null;
          }
          default: {
            const a = evm();
            const wallet = a?.status === 'connected' && a.connectorId ? kernel.connectors.get(a.connectorId) : undefined;
            const inner = walletProvider(wallet);
            if (!inner) throw new ProviderDisconnectedError(new Error('No wallet is connected through Latchkey'));
            return inner.request({ method, ...(params === undefined ? {} : { params }) });
          }
        }
      },
      on(event: string, listener: Listener) {
        let set = listeners.get(event);
        if (!set) listeners.set(event, (set = new Set()));
        set.add(listener);
      },
      removeListener(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
      },
    };

    let watching = false;
    return {
      id: LATCHKEY_CONNECTOR_ID,
      name: 'Latchkey',
      type: 'latchkey',

      async setup() {
        if (watching) return;
        watching = true;
        // Latchkey → wagmi: a connection made in the modal, account and network changes, a disconnect.
        let last = { connected: isConnected(), accounts: accounts().join(), chainId: chainId() };
        const sync = () => {
          const next = { connected: isConnected(), accounts: accounts().join(), chainId: chainId() };
          if (next.connected && !last.connected) {
            config.emitter.emit('connect', { accounts: accounts(), chainId: next.chainId });
            emit('connect', { chainId: numberToHex(next.chainId) });
          } else if (!next.connected && last.connected) {
            config.emitter.emit('disconnect');
            emit('disconnect', new ProviderDisconnectedError(new Error('disconnected')));
          } else if (next.connected) {
            if (next.accounts !== last.accounts) {
              config.emitter.emit('change', { accounts: accounts() });
              emit('accountsChanged', accounts());
            }
            if (next.chainId !== last.chainId) {
              config.emitter.emit('change', { chainId: next.chainId });
              emit('chainChanged', numberToHex(next.chainId));
            }
          }
          last = next;
        };
        kernel.account.state$.subscribe(sync);
        kernel.network.state$.subscribe(sync);
        if (last.connected) config.emitter.emit('connect', { accounts: accounts(), chainId: last.chainId });
      },

      async connect(parameters: { chainId?: number | undefined; isReconnecting?: boolean | undefined; withCapabilities?: boolean | undefined } = {}) {
        if (parameters.isReconnecting) {
          await kernel.start();
          if (!isConnected()) throw new ProviderDisconnectedError(new Error('No stored Latchkey connection to restore'));
        } else {
          await connectThroughModal();
        }
        if (parameters.chainId !== undefined && parameters.chainId !== chainId()) await switchTo(parameters.chainId);
        const list = accounts();
        return {
          accounts: (parameters.withCapabilities ? list.map((address) => ({ address, capabilities: {} })) : list) as never,
          chainId: chainId(),
        };
      },

      async disconnect() {
        if (evm()?.status !== 'disconnected') await kernel.connection.disconnect('eip155');
      },

      async getAccounts() {
        return accounts();
      },

      async getChainId() {
        return chainId();
      },

      async getProvider() {
        return provider;
      },

      async isAuthorized() {
        await kernel.start();
        return isConnected();
      },

      async switchChain({ chainId: id }: { chainId: number }) {
        return switchTo(id);
      },

      onAccountsChanged(list: string[]) {
        if (list.length === 0) this.onDisconnect();
        else config.emitter.emit('change', { accounts: list.map((x) => getAddress(x)) });
      },

      onChainChanged(id: string) {
        config.emitter.emit('change', { chainId: Number(id) });
      },

      onDisconnect() {
        config.emitter.emit('disconnect');
      },
    };
  });
}
