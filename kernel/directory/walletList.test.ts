import { FakeAdapter, injectedConnector, testKernel } from '../testing/fakeAdapter';
import { ConnectorNotFoundError } from '../errors/kernel';
import type { Connector } from '../types';
import { createWalletList, walletConnectLink } from './walletList';

const WC_URI = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303';

/** A WalletConnect connector whose provider announces pairing URIs as the plugin's does ('display_uri'). */
function wcConnector() {
  const listeners = new Set<(uri: unknown) => void>();
  const provider = {
    request: async () => null,
    on: (event: string, l: (uri: unknown) => void) => event === 'display_uri' && listeners.add(l),
    removeListener: (_: string, l: (uri: unknown) => void) => listeners.delete(l),
    emit: (uri: unknown) => listeners.forEach((l) => l(uri)),
    listeners,
  };
  const connector: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155', provider };
  return { connector, provider };
}

/** Announces a pairing URI when asked to connect a WalletConnect connector, then waits for `approve`. */
class PairingAdapter extends FakeAdapter {
  approve!: () => void;
  override async connect(args: Parameters<FakeAdapter['connect']>[0]) {
    if (args.connector.type === 'WALLET_CONNECT') {
      (args.connector.provider as unknown as { emit(u: unknown): void }).emit('javascript:alert(1)'); // not a pairing URI: ignored
      (args.connector.provider as unknown as { emit(u: unknown): void }).emit(WC_URI);
      await new Promise<void>((r) => (this.approve = r));
    }
    return super.connect(args);
  }
}

/** A test kernel with its real wallet directory (the shipped catalogue, no remote API). */
const setup = (options: Parameters<typeof testKernel>[0] = {}, extra: Parameters<typeof testKernel>[1] = {}) => testKernel(options, extra);

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('createWalletList', () => {
  it('lists the installed wallet first, then the directory, a page at a time; search restarts paging', async () => {
    const { kernel } = setup();
    const list = createWalletList(kernel, { pageSize: 5 });
    await settle(); // the catalogue loads on first use
    const first = list.state;
    expect(first.wallets).toHaveLength(5);
    expect(first.wallets[0]).toMatchObject({ name: injectedConnector.name, tag: 'Installed', installed: true });
    expect(first.total).toBeGreaterThan(20);
    expect(first.hasMore).toBe(true);
    list.loadMore();
    expect(list.state.wallets).toHaveLength(10);
    expect(list.state.wallets.slice(0, 5)).toEqual(first.wallets);

    list.search('rainbow');
    expect(list.state.page).toBe(1);
    expect(list.state.wallets.map((w) => w.name)).toContain('Rainbow');
    expect(list.state.wallets.every((w) => /rainbow/i.test(w.name))).toBe(true);
    list.search('zzzz-no-such-wallet');
    expect(list.state).toMatchObject({ wallets: [], total: 0, hasMore: false });
    list.dispose();
  });

  it('honours includeWalletIds / excludeWalletIds / featuredWalletIds like the modal', async () => {
    const { kernel } = setup({ featuredWalletIds: ['me.rainbow'], excludeWalletIds: ['io.metamask'] });
    const list = createWalletList(kernel);
    await settle();
    const names = list.state.wallets.map((w) => w.name);
    expect(names).not.toContain('MetaMask');
    expect(names.indexOf('Rainbow')).toBeLessThan(names.indexOf('Trust Wallet'));
    list.dispose();
  });

  it('connects an installed wallet through its connector', async () => {
    const { kernel } = setup();
    const list = createWalletList(kernel);
    await settle();
    await list.connect(list.state.wallets[0]!);
    expect(kernel.account.get('eip155').status).toBe('connected');
    expect(list.state.connecting).toBeUndefined();
    list.dispose();
  });

  it('a connect that fails is kept with its error; an unknown entry is refused', async () => {
    const { kernel } = setup({}, { adapter: new FakeAdapter('eip155', { connectError: new Error('declined') }) });
    const list = createWalletList(kernel);
    await settle();
    await expect(list.connect(list.state.wallets[0]!)).rejects.toThrow('declined');
    expect(list.state.connecting).toMatchObject({ status: 'error', key: list.state.wallets[0]!.key });
    await expect(list.connect('wallet:nope')).rejects.toBeInstanceOf(ConnectorNotFoundError);
    list.dispose();
  });

  it('a directory wallet without WalletConnect registered is refused with a typed error', async () => {
    const { kernel } = setup();
    const list = createWalletList(kernel);
    await settle();
    const dirWallet = list.state.wallets.find((w) => !w.connector)!;
    await expect(list.connect(dirWallet)).rejects.toEqual(new ConnectorNotFoundError('walletConnect'));
  });

  it('pairs a directory wallet over WalletConnect: the URI for a QR on desktop, no deep link', async () => {
    const adapter = new PairingAdapter('eip155');
    const { kernel } = setup({}, { adapter });
    const wc = wcConnector();
    kernel.connectors.add(wc.connector);
    const list = createWalletList(kernel);
    await settle();
    const rainbow = list.state.wallets.find((w) => w.name === 'Rainbow')!;
    const done = list.connect(rainbow);
    await settle();
    expect(list.state.connecting).toMatchObject({ key: rainbow.key, status: 'pending', uri: WC_URI, deepLink: undefined });
    adapter.approve();
    await done;
    expect(kernel.account.get('eip155').status).toBe('connected');
    expect(list.state.connecting).toBeUndefined();
    expect(wc.provider.listeners.size).toBe(0);
    list.dispose();
  });

  it('on a phone the pairing gives a link into the wallet app', async () => {
    const adapter = new PairingAdapter('eip155');
    const { kernel } = setup({}, { adapter, mobile: true });
    kernel.connectors.add(wcConnector().connector);
    const list = createWalletList(kernel);
    await settle();
    const rainbow = list.state.wallets.find((w) => w.name === 'Rainbow')!;
    const done = list.connect(rainbow);
    await settle();
    const link = list.state.connecting?.deepLink;
    expect(link).toBe(walletConnectLink(rainbow.wallet!, WC_URI));
    expect(link).toMatch(/\/wc\?uri=wc%3A/);
    adapter.approve();
    await done;
  });
});

describe('walletConnectLink', () => {
  it.each([
    [{ universalLink: 'https://rnbwapp.com' }, `https://rnbwapp.com/wc?uri=${encodeURIComponent(WC_URI)}`],
    [{ mobileLink: 'rainbow:' }, `rainbow://wc?uri=${encodeURIComponent(WC_URI)}`],
    [{ mobileLink: 'metamask://' }, `metamask://wc?uri=${encodeURIComponent(WC_URI)}`],
    [{ mobileLink: 'javascript:alert(1)//' }, undefined],
    [{ universalLink: 'http://insecure.example' }, undefined],
    [{}, undefined],
  ])('%j', (wallet, expected) => {
    expect(walletConnectLink(wallet, WC_URI)).toBe(expected);
  });
});
