/**
 * What a reload restores, as data: read from storage, applied by the startup rule, and the
 * kernel's `serverState` (the state a server renders, before this page's storage was read).
 */
import { MemoryStorage, testAnvil, testKernel, testMainnet } from '../testing/fakeAdapter';
import { solana } from '../networks';
import { createEnvironment } from './Environment';
import { StorageImpl } from './Storage';
import { readInitialState, withInitialAccounts, withInitialNetworks, type LatchkeyInitialState } from './initialState';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function storageWith(values: Record<string, unknown>): MemoryStorage {
  const s = new MemoryStorage();
  for (const [k, v] of Object.entries(values)) s.setItem(`@latchkey/${k}`, JSON.stringify({ v }));
  return s;
}

/** A returning visitor: connected on Anvil with the test wallet. */
const RETURNING = {
  'connectionStatus/eip155': 'connected',
  'connectorId/eip155': 'io.test.wallet',
  'address/eip155': ADDRESS,
  'activeNetwork/eip155': testAnvil.caipNetworkId,
  activeNamespace: 'eip155',
};

describe('readInitialState', () => {
  it('reads the connection, the networks and the active namespace', () => {
    const storage = new StorageImpl(createEnvironment({ window: undefined, localStorage: storageWith(RETURNING) }));
    expect(readInitialState(storage)).toEqual({
      activeNamespace: 'eip155',
      networks: { eip155: 'eip155:31337' },
      connections: { eip155: { address: ADDRESS, connectorId: 'io.test.wallet' } },
    });
  });

  it('leaves out a namespace that is not connected, and ids of the wrong shape', () => {
    const storage = new StorageImpl(
      createEnvironment({
        window: undefined,
        localStorage: storageWith({
          'connectionStatus/eip155': 'connected',
          'address/eip155': '<img src=x onerror=alert(1)>',
          'connectorId/eip155': 'x'.repeat(300),
          'connectionStatus/solana': 'disconnected',
          'address/solana': 'So1ana',
          'activeNetwork/solana': 'solana:"quoted"',
        }),
      }),
    );
    expect(readInitialState(storage)).toEqual({ networks: {}, connections: { eip155: {} } });
  });
});

describe('withInitialAccounts / withInitialNetworks', () => {
  it('apply the startup rule: connecting, with the address, on the stored network', () => {
    const { kernel } = testKernel();
    const initial: LatchkeyInitialState = { activeNamespace: 'eip155', networks: { eip155: testAnvil.caipNetworkId }, connections: { eip155: { address: ADDRESS, connectorId: 'io.test.wallet' } } };
    const account = withInitialAccounts(kernel.account.state, initial);
    expect(account.namespaces.eip155).toMatchObject({ status: 'connecting', address: ADDRESS, connectorId: 'io.test.wallet' });
    expect(account.namespaces.solana.status).toBe('disconnected');
    const network = withInitialNetworks(kernel.network.state, initial);
    expect(network.activeNetwork?.caipNetworkId).toBe(testAnvil.caipNetworkId);
    expect(network.namespaces.eip155.caipNetwork?.caipNetworkId).toBe(testAnvil.caipNetworkId);
  });

  it('ignore what the host does not list and values of the wrong type (the data may come from a cookie)', () => {
    const { kernel } = testKernel();
    const hostile = {
      activeNamespace: 'solana', // no Solana network listed
      networks: { eip155: 'eip155:999', solana: solana.caipNetworkId, __proto__: { eip155: 'eip155:31337' } },
      connections: { eip155: 'connected', bip122: { address: 42 }, toString: { address: ADDRESS } },
    } as unknown as LatchkeyInitialState;
    const network = withInitialNetworks(kernel.network.state, hostile);
    expect(network).toBe(kernel.network.state);
    expect(network.activeNetwork?.caipNetworkId).toBe(testMainnet.caipNetworkId);
    const account = withInitialAccounts(kernel.account.state, hostile);
    expect(account.namespaces.eip155.status).toBe('disconnected');
    expect(account.namespaces.bip122.status).toBe('connecting');
    expect(account.namespaces.bip122.address).toBeUndefined();
    expect(account.namespaces).not.toHaveProperty('toString.status');
  });

  it('return the same state when there is nothing to apply', () => {
    const { kernel } = testKernel();
    expect(withInitialAccounts(kernel.account.state, undefined)).toBe(kernel.account.state);
    expect(withInitialNetworks(kernel.network.state, {})).toBe(kernel.network.state);
  });
});

describe('kernel.serverState', () => {
  it('is the state before the browser storage was read, while the kernel restores the stored connection', () => {
    const { kernel } = testKernel({}, { storage: storageWith(RETURNING) });
    // the page's own state: restored from storage (startup rule)
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connecting', address: ADDRESS });
    expect(kernel.network.state.activeNetwork?.caipNetworkId).toBe(testAnvil.caipNetworkId);
    // what a server renders for a visitor it knows nothing of
    const server = kernel.serverState();
    expect(server.account.namespaces.eip155.status).toBe('disconnected');
    expect(server.account.namespaces.eip155.address).toBeUndefined();
    expect(server.network.activeNetwork?.caipNetworkId).toBe(testMainnet.caipNetworkId);
    expect(server.connectors.recent).toEqual([]);
    expect(kernel.serverState()).toBe(server);
  });

  it('with an initial state: the visitor it describes, the same object for the same initial state', () => {
    const { kernel } = testKernel();
    const initial = readInitialState(new StorageImpl(createEnvironment({ window: undefined, localStorage: storageWith(RETURNING) })));
    const server = kernel.serverState(initial);
    expect(server.account.namespaces.eip155).toMatchObject({ status: 'connecting', address: ADDRESS, connectorId: 'io.test.wallet' });
    expect(server.network.activeNetwork?.caipNetworkId).toBe(testAnvil.caipNetworkId);
    expect(kernel.serverState(initial)).toBe(server);
    // nothing of it reached the kernel itself
    expect(kernel.account.get('eip155').status).toBe('disconnected');
  });

  it('a stored account type is not in the server state, and comes back in the page', () => {
    const { kernel } = testKernel({ defaultAccountTypes: { eip155: 'smartAccount' } }, { storage: storageWith({ 'accountType:eip155': 'eoa' }) });
    expect(kernel.account.get('eip155').preferredAccountType).toBe('eoa');
    expect(kernel.serverState().account.namespaces.eip155.preferredAccountType).toBe('smartAccount');
  });
});
