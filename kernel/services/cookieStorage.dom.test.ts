/**
 * cookieStorage in a page (jsdom's document.cookie), cookieToInitialState on a server: a
 * connection a kernel stores in the cookie is what the server reads back; the rest of what the
 * kernel stores stays in localStorage; a cookie of the wrong shape reads as nothing.
 */
import { createKernel } from '../createKernel';
import { FakeAdapter, injectedConnector, testAnvil, testMainnet } from '../testing/fakeAdapter';
import { cookieStorage, cookieToInitialState } from './cookieStorage';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

function pageKernel(storage = cookieStorage()) {
  const adapter = new FakeAdapter('eip155', { address: ADDRESS, chainId: 31337 });
  const kernel = createKernel({
    options: { projectId: 'p', networks: [testMainnet, testAnvil], features: { analytics: false } },
    plugins: [{ id: 'chain', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) }],
    storage,
  });
  kernel.connectors.add(injectedConnector);
  return { kernel, adapter };
}

beforeEach(() => {
  clearCookies();
  localStorage.clear();
});

describe('cookieStorage', () => {
  it('keeps the connection in one cookie that the server reads back, and the rest in localStorage', async () => {
    const { kernel } = pageKernel();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    await kernel.network.switchNetwork(testAnvil.caipNetworkId);
    expect(document.cookie).toMatch(/^latchkey=/);
    expect(document.cookie.length).toBeLessThan(1024);
    // recent wallets are the browser's business, not the server's
    expect(localStorage.getItem('@latchkey/recentWallets')).toContain(injectedConnector.id);
    expect(document.cookie).not.toContain('recentWallets');

    const initial = cookieToInitialState(`other=1; ${document.cookie}; last=2`);
    expect(initial).toEqual({
      activeNamespace: 'eip155',
      networks: { eip155: testAnvil.caipNetworkId },
      connections: { eip155: { address: ADDRESS, connectorId: injectedConnector.id } },
    });
    // the same through a cookie store (Next.js's cookies()), whose values come decoded
    const value = decodeURIComponent(document.cookie.slice('latchkey='.length));
    expect(cookieToInitialState({ get: (n) => (n === 'latchkey' ? { value } : undefined) })).toEqual(initial);

    // a reload: the next kernel restores from the cookie
    const next = pageKernel().kernel;
    expect(next.account.get('eip155')).toMatchObject({ status: 'connecting', address: ADDRESS });

    await kernel.connection.disconnect();
    expect(cookieToInitialState(document.cookie)?.connections).toEqual({});
  });

  it('takes its own name and attributes', () => {
    const storage = cookieStorage({ name: 'wallet_state', sameSite: 'Strict', maxAgeDays: 1 });
    storage.setItem('@latchkey/activeNamespace', '{"v":"eip155"}');
    expect(document.cookie).toMatch(/^wallet_state=/);
    expect(cookieToInitialState(document.cookie)).toBeUndefined();
    expect(cookieToInitialState(document.cookie, { name: 'wallet_state' })?.activeNamespace).toBe('eip155');
    storage.removeItem('@latchkey/activeNamespace');
    expect(document.cookie).toBe('');
    expect(() => cookieStorage({ name: 'bad name;' })).toThrow(TypeError);
  });
});

describe('cookieToInitialState', () => {
  const cookie = (value: unknown) => `latchkey=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;

  it.each([
    ['no cookie header', null],
    ['no latchkey cookie', 'a=1; b=2'],
    ['a cookie that is not JSON', 'latchkey=%7Bnope'],
    ['an array', cookie([1, 2])],
    ['an oversized cookie', cookie({ activeNamespace: JSON.stringify({ v: 'eip155' }), pad: 'x'.repeat(5000) })],
  ])('reads %s as nothing stored', (_label, header) => {
    expect(cookieToInitialState(header)).toBeUndefined();
  });

  it('keeps only our keys with values of the right shape', () => {
    const initial = cookieToInitialState(
      cookie({
        'connectionStatus/eip155': JSON.stringify({ v: 'connected' }),
        'address/eip155': JSON.stringify({ v: '"><script>alert(1)</script>' }),
        'connectorId/eip155': JSON.stringify({ v: { evil: true } }),
        'connectionStatus/solana': JSON.stringify({ v: 'hacked' }),
        activeNamespace: JSON.stringify({ v: 'cosmos' }),
        'recentWallets': JSON.stringify({ v: [{ id: 'x', name: 'x' }] }),
        __proto__: JSON.stringify({ v: 'x' }),
      }),
    );
    expect(initial).toEqual({ networks: {}, connections: { eip155: {} } });
  });
});
