import { Store } from '../store';
import { Account, type AccountServiceState } from '../services/Account';
import { Network, type NetworkServiceState } from '../services/Network';
import type { AccountState, ChainNamespace } from '../types';
import { whenAccount } from './activations';

const DISCONNECTED: AccountState = { status: 'disconnected', allAccounts: [], currentTab: 0 };

/** An account store and a network store with only the fields an activation reads. */
function sources(active: ChainNamespace = 'eip155') {
  const namespaces = { eip155: DISCONNECTED, solana: DISCONNECTED, bip122: DISCONNECTED } as unknown as AccountServiceState['namespaces'];
  const account = new Store<AccountServiceState>({ namespaces });
  const network = new Store<NetworkServiceState>({ activeNamespace: active } as unknown as NetworkServiceState);
  const connect = (ns: ChainNamespace, caipAddress: string, status: AccountState['status'] = 'connected') =>
    account.patch((s) => ({ namespaces: { ...s.namespaces, [ns]: { ...DISCONNECTED, status, caipAddress, address: caipAddress.split(':')[2] } } }));
  const disconnect = (ns: ChainNamespace) => account.patch((s) => ({ namespaces: { ...s.namespaces, [ns]: DISCONNECTED } }));
  const get = <T>(token: symbol) => (token === Account ? account : token === Network ? network : undefined) as T;
  return { get, account, network, connect, disconnect, activate: (ns: ChainNamespace) => network.patch({ activeNamespace: ns }) };
}

describe('whenAccount', () => {
  it('runs for each account of the namespace that connects, and cleans up when it disconnects or changes', () => {
    const s = sources();
    const calls: string[] = [];
    const end = whenAccount(s, 'eip155', (account, ns) => {
      calls.push(`run ${ns} ${account.address}`);
      return () => calls.push(`cleanup ${account.address}`);
    });
    expect(calls).toEqual([]);
    s.connect('eip155', 'eip155:1:0xA', 'connecting');
    s.connect('solana', 'solana:x:So1');
    expect(calls).toEqual([]);
    s.connect('eip155', 'eip155:1:0xA');
    // Another emission for the same account: nothing new.
    s.account.patch((st) => ({ namespaces: { ...st.namespaces, eip155: { ...st.namespaces.eip155, balance: '1' } } }));
    s.connect('eip155', 'eip155:1:0xB'); // another address
    s.connect('eip155', 'eip155:10:0xB'); // the same on another chain
    s.disconnect('eip155');
    expect(calls).toEqual(['run eip155 0xA', 'cleanup 0xA', 'run eip155 0xB', 'cleanup 0xB', 'run eip155 0xB', 'cleanup 0xB']);
    end();
    s.connect('eip155', 'eip155:1:0xC');
    expect(calls).toHaveLength(6);
  });

  it('runs at once for an account connected already; ending it calls the open cleanup once', () => {
    const s = sources();
    s.connect('eip155', 'eip155:1:0xA');
    const cleanup = jest.fn();
    const run = jest.fn(() => cleanup);
    const end = whenAccount(s, 'eip155', run);
    expect(run).toHaveBeenCalledTimes(1);
    end();
    end();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it("'active' follows the active namespace's account, a switch between connected namespaces included", () => {
    const s = sources('eip155');
    const runs: string[] = [];
    const end = whenAccount(s, 'active', (_account, ns) => void runs.push(ns));
    s.connect('solana', 'solana:x:So1');
    expect(runs).toEqual([]);
    s.connect('eip155', 'eip155:1:0xA');
    s.activate('solana');
    s.activate('solana');
    s.activate('bip122'); // not connected: nothing to run
    s.activate('eip155');
    expect(runs).toEqual(['eip155', 'solana', 'eip155']);
    end();
  });

  it('a callback that disconnects the account has its cleanup called at once, and only once', () => {
    const s = sources();
    const cleanup = jest.fn();
    const end = whenAccount(s, 'eip155', () => {
      s.disconnect('eip155');
      return cleanup;
    });
    s.connect('eip155', 'eip155:1:0xA');
    expect(cleanup).toHaveBeenCalledTimes(1);
    end();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });
});
