/**
 * The embedded wallet in a real kernel (email and socials plugins, a provider-driving eip155
 * adapter) against a fake frame in jsdom: the login flows, the login cache and the throttle, the
 * connection check, the request lists and the approval path, the transaction stack, network
 * switches, account type, social logins (popup, redirect return, Telegram), timeouts and the
 * allowlist alert.
 */
import { createKernel, type Kernel } from 'latchkey';
import { MemoryStorage, testMainnet } from '../../kernel/testing/fakeAdapter';
import { evmNetwork } from '../../kernel/testing/networks';
import { emailPlugin } from './email';
import { socialsPlugin } from './socials';
import { EmbeddedWallet, EMBEDDED_WALLET_CONNECTOR_ID } from './types';
import type { EmbeddedWalletService } from './EmbeddedWalletService';
import { FakeFrame, FRAME_ADDRESS, FRAME_SIGNATURE, NO_REPLY, SERVICE_URL } from './testing/fakeFrame';
import { ProviderAdapter, providerChainPlugin } from './testing/providerAdapter';

const anvil = evmNetwork(31337, 'Anvil', 'http://127.0.0.1:2/unused');

const SCOPE = '@latchkey/plugin/embedded-wallet/';

let fake: FakeFrame;
let kernels: Kernel[] = [];

function setup(opts: { storage?: MemoryStorage; environment?: Record<string, unknown>; options?: Record<string, unknown> } = {}) {
  const storage = opts.storage ?? new MemoryStorage();
  const adapter = new ProviderAdapter();
  const kernel = createKernel({
    options: { projectId: 'proj-1', networks: [testMainnet, anvil], walletServiceUrl: SERVICE_URL, enableAuthLogger: false, features: { analytics: false }, ...opts.options },
    plugins: [providerChainPlugin(adapter), emailPlugin(), socialsPlugin()],
    environment: { localStorage: storage, isMobile: () => false, ...opts.environment },
  });
  kernels.push(kernel);
  return { kernel, adapter, storage };
}

function outcome<T>(p: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: any }> {
  return p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/** Awaits `p` while the fake timers run (`ms` of them). */
async function run<T>(p: Promise<T>, ms = 1000): Promise<T> {
  const o = outcome(p);
  await jest.advanceTimersByTimeAsync(ms);
  const r = await o;
  if (!r.ok) throw r.error;
  return r.value;
}

async function started(kernel: Kernel): Promise<EmbeddedWalletService> {
  await run(kernel.start(), 1500);
  await run(kernel.plugins.load('email'));
  return kernel.get<EmbeddedWalletService>(EmbeddedWallet);
}

async function loggedIn(kernel: Kernel): Promise<EmbeddedWalletService> {
  const wallet = await started(kernel);
  await run(wallet.connectEmail('ada@example.com'));
  await run(wallet.connectOtp('123456'));
  return wallet;
}

const stored = (storage: MemoryStorage, key: string) => {
  const raw = storage.getItem(`${SCOPE}${key}`);
  return raw === null ? undefined : (JSON.parse(raw) as { v: unknown }).v;
};
const provider = (kernel: Kernel) => kernel.connectors.get(EMBEDDED_WALLET_CONNECTOR_ID)!.provider as { request(a: { method: string; params?: unknown }): Promise<unknown> };

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'], now: 1_700_000_000_000 });
  fake = new FakeFrame();
  window.history.replaceState(null, '', '/');
});

afterEach(async () => {
  for (const k of kernels) await k.stop();
  kernels = [];
  fake.dispose();
  document.body.innerHTML = '';
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('e-mail login', () => {
  it('code → user fetched → login cache saved → AUTH connector connected through the eip155 adapter', async () => {
    const { kernel, storage, adapter } = setup();
    const wallet = await started(kernel);
    expect(document.querySelector('iframe')).toBeNull(); // nothing until it is needed
    const asked = Date.now();
    expect(await run(wallet.connectEmail('ada@example.com'))).toBe('VERIFY_OTP');
    expect(stored(storage, 'lastEmailLoginTime')).toBeGreaterThanOrEqual(asked);
    await run(wallet.connectOtp('123456'));
    expect(kernel.account.get('eip155')).toMatchObject({
      status: 'connected',
      address: FRAME_ADDRESS,
      connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
      user: { email: 'ada@example.com' },
      preferredAccountType: 'eoa',
    });
    expect(adapter.calls).toEqual(['eth_requestAccounts', 'eth_chainId']);
    expect([stored(storage, 'loginUsed'), stored(storage, 'email'), stored(storage, 'lastEmailLoginTime')]).toEqual([true, 'ada@example.com', undefined]);
    // GET_USER asked for the app's network and the default account type (eip155: smartAccount)
    expect(fake.requests('GET_USER')[0]!.payload).toEqual({ chainId: 1, preferredAccountType: 'smartAccount' });
    expect(fake.sent.every((m) => m.targetOrigin === 'http://wallet.test')).toBe(true);
    expect(fake.requests('SYNC_DAPP_DATA')[0]!.payload).toMatchObject({ projectId: 'proj-1', sdkType: expect.any(String) });
  });

  it('a wrong code keeps the visitor on the code step with the frame\'s message', async () => {
    const { kernel } = setup();
    const wallet = await started(kernel);
    await run(wallet.connectEmail('ada@example.com'));
    await expect(run(wallet.connectOtp('000000'))).rejects.toThrow('Invalid code: 4 attempts left');
    expect(kernel.account.get('eip155').status).toBe('disconnected');
  });

  it("throttles: a code within 30 s of the last is refused with 'Please try again after {n} seconds'", async () => {
    const { kernel, storage } = setup();
    const wallet = await started(kernel);
    await run(wallet.connectEmail('ada@example.com'), 1000);
    const sent = stored(storage, 'lastEmailLoginTime') as number;
    await jest.advanceTimersByTimeAsync(sent + 1000 - Date.now()); // 1 s after the code went out
    await expect(wallet.connectEmail('ada@example.com')).rejects.toThrow('Please try again after 29 seconds');
    await jest.advanceTimersByTimeAsync(17_500);
    expect(wallet.emailCooldown()).toBe(12);
    await expect(wallet.connectEmail('bob@example.com')).rejects.toThrow('Please try again after 12 seconds');
    await jest.advanceTimersByTimeAsync(11_500);
    expect(wallet.emailCooldown()).toBe(0);
    expect(await run(wallet.connectEmail('ada@example.com'))).toBe('VERIFY_OTP');
    expect(fake.requests('CONNECT_EMAIL')).toHaveLength(2);
  });

  it("refuses a malformed address before the frame is asked ('Invalid email')", async () => {
    const { kernel } = setup();
    const wallet = await started(kernel);
    await expect(wallet.connectEmail('ada@example')).rejects.toThrow('Invalid email');
    expect(fake.sent).toEqual([]);
  });

  it('VERIFY_DEVICE then CONNECT_DEVICE; CONNECT logs in without a code', async () => {
    const { kernel } = setup();
    const wallet = await started(kernel);
    fake.handlers['CONNECT_EMAIL'] = () => ({ action: 'VERIFY_DEVICE' });
    expect(await run(wallet.connectEmail('ada@example.com'))).toBe('VERIFY_DEVICE');
    await run(wallet.connectDevice());
    expect(fake.requests('CONNECT_DEVICE')).toEqual([{ type: '@w3m-app/CONNECT_DEVICE', id: expect.any(String), targetOrigin: 'http://wallet.test' }]);
    fake.loggedIn = true;
    await jest.advanceTimersByTimeAsync(30_000);
    fake.handlers['CONNECT_EMAIL'] = () => ({ action: 'CONNECT' });
    expect(await run(wallet.connectEmail('ada@example.com'))).toBe('CONNECT');
    await run(wallet.finishLogin());
    expect(kernel.account.get('eip155').status).toBe('connected');
  });

  it('the origin allowlist error raises the "Invalid App Configuration" alert', async () => {
    const { kernel } = setup();
    const wallet = await started(kernel);
    fake.handlers['CONNECT_EMAIL'] = () => {
      throw new Error('Unauthorized: origin not allowed');
    };
    await expect(run(wallet.connectEmail('ada@example.com'))).rejects.toThrow('Unauthorized: origin not allowed');
    expect(kernel.alerts.state.current).toMatchObject({ key: 'ORIGIN_NOT_ALLOWED', shortMessage: 'Invalid App Configuration' });
  });

  it("a frame that does not load: 'Unable to load email login dependency'", async () => {
    const { kernel } = setup();
    const wallet = await started(kernel);
    fake.autoReady = false;
    const r = outcome(wallet.connectEmail('ada@example.com'));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(await r).toMatchObject({ ok: false, error: { message: 'Unable to load email login dependency' } });
    expect(wallet.state.frame).toBe('failed');
  });
});

describe('the login cache and the connection check (docs/embedded-wallet.md#login-cache)', () => {
  it('disconnect signs out of the frame and deletes the flag, e-mail, last chain and user name', async () => {
    const { kernel, storage } = setup();
    await loggedIn(kernel);
    expect(stored(storage, 'lastChain')).toBe(1);
    await run(kernel.connection.disconnect());
    for (const key of ['loginUsed', 'email', 'lastChain', 'username']) expect(stored(storage, key)).toBeUndefined();
    expect(fake.requests('SIGN_OUT')).toHaveLength(1);
    expect(fake.loggedIn).toBe(false);
    expect(kernel.account.get('eip155').status).toBe('disconnected');
  });

  it('at start without the stored flag: not connected, and the frame is never asked (or created)', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    await loggedIn(first.kernel);
    await first.kernel.stop();
    storage.removeItem(`${SCOPE}loginUsed`);
    fake.sent.length = 0;
    document.body.innerHTML = '';
    const { kernel, adapter } = setup({ storage });
    await run(kernel.start(), 2000);
    expect(adapter.calls).toEqual(['eth_accounts']);
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(fake.sent).toEqual([]);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('at start with the flag: the frame is created at once, IS_CONNECTED then GET_USER restore the account', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    await loggedIn(first.kernel);
    await first.kernel.stop();
    fake.sent.length = 0;
    const { kernel } = setup({ storage });
    void kernel.start();
    await jest.advanceTimersByTimeAsync(0);
    // created at start (the stored flag), before anything asked for it
    expect(document.querySelector('iframe[data-latchkey-wallet-frame]')).not.toBeNull();
    await jest.advanceTimersByTimeAsync(2000);
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: FRAME_ADDRESS, user: { email: 'ada@example.com' } });
    expect(fake.sent.map((m) => m.type)).toEqual(expect.arrayContaining(['@w3m-app/IS_CONNECTED', '@w3m-app/GET_USER']));
  });

  it('a failed connection check deletes the cache and leaves the visitor disconnected', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    await loggedIn(first.kernel);
    await first.kernel.stop();
    fake.loggedIn = false; // the session ended meanwhile
    const { kernel } = setup({ storage });
    await run(kernel.start(), 2000);
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(stored(storage, 'loginUsed')).toBeUndefined();
    expect(stored(storage, 'email')).toBeUndefined();
  });
});

describe('requests through the embedded wallet (docs/embedded-wallet.md#requests-and-approvals)', () => {
  it('a safe method goes straight to the frame, no modal', async () => {
    const { kernel } = setup();
    await loggedIn(kernel);
    expect(await run(provider(kernel).request({ method: 'eth_getBalance', params: [FRAME_ADDRESS, 'latest'] }))).toBe('0xde0b6b3a7640000');
    expect(fake.requests('RPC_REQUEST').at(-1)!.payload).toEqual({ method: 'eth_getBalance', params: [FRAME_ADDRESS, 'latest'], chainId: 1, chainNamespace: 'eip155' });
    expect(kernel.modal.state.open).toBe(false);
  });

  it('a not-safe method opens ApproveTransaction; after the approval the modal closes and the balance refreshes', async () => {
    const { kernel } = setup();
    const wallet = await loggedIn(kernel);
    const refresh = jest.spyOn(kernel.connection, 'refreshBalance');
    const sign = outcome(kernel.connection.signMessage('hello'));
    await jest.advanceTimersByTimeAsync(10);
    expect(kernel.modal.state.open).toBe(true);
    expect(kernel.router.state.view).toBe('ApproveTransaction');
    expect(wallet.state.approvals).toBe(1);
    expect(fake.held.map((h) => h.method)).toEqual(['personal_sign']);
    fake.held[0]!.approve();
    expect(await sign).toEqual({ ok: true, value: FRAME_SIGNATURE });
    expect(kernel.modal.state.open).toBe(false);
    expect(refresh).toHaveBeenCalledWith('eip155', { force: true });
    expect(wallet.state.approvals).toBe(0);
  });

  it('a rejection in the frame closes the modal too (the transaction stack is empty)', async () => {
    const { kernel } = setup();
    await loggedIn(kernel);
    const sign = outcome(kernel.connection.signMessage('hello'));
    await jest.advanceTimersByTimeAsync(10);
    fake.held[0]!.reject();
    expect(await sign).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(kernel.modal.state.open).toBe(false);
  });

  it("with a transaction pending, the outcome pops the stack instead ('success' runs its callback, 'error' goes back)", async () => {
    const { kernel } = setup();
    await loggedIn(kernel);
    void kernel.modal.open({ view: 'Account' });
    kernel.router.push('Networks');
    const calls: string[] = [];
    kernel.router.pushTransactionStack({ onSuccess: () => calls.push('success'), onError: () => calls.push('error') });
    kernel.router.pushTransactionStack({ onSuccess: () => calls.push('success'), onError: () => calls.push('error') });
    const ok = outcome(kernel.connection.signMessage('one'));
    await jest.advanceTimersByTimeAsync(10);
    expect(kernel.router.state.history.map((e) => e.view)).toEqual(['Account', 'Networks', 'ApproveTransaction']);
    fake.held.shift()!.approve();
    await ok;
    expect(calls).toEqual(['success']);
    expect(kernel.modal.state.open).toBe(true);
    // closing with a transaction pending does not reject the open request
    const failed = outcome(kernel.connection.signMessage('two'));
    await jest.advanceTimersByTimeAsync(10);
    kernel.modal.close();
    await jest.advanceTimersByTimeAsync(10);
    expect(fake.held).toHaveLength(1);
    void kernel.modal.open({ view: 'ApproveTransaction' });
    fake.held.shift()!.reject();
    expect(await failed).toMatchObject({ ok: false });
    expect(calls).toEqual(['success', 'error']);
    expect(kernel.router.transactionStack()).toEqual([]);
  });

  it("closing the modal with no transaction pending rejects the open not-safe requests ('Request was aborted'); safe ones go on", async () => {
    const { kernel } = setup();
    await loggedIn(kernel);
    fake.handlers['RPC_REQUEST'] = (p, msg) => (p.method === 'eth_blockNumber' ? NO_REPLY : fake.handlers['_sign']!(p, msg));
    fake.handlers['_sign'] = () => NO_REPLY;
    const sign = outcome(kernel.connection.signMessage('hello'));
    const read = outcome(provider(kernel).request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(10);
    kernel.modal.close();
    expect(await sign).toMatchObject({ ok: false, error: { shortMessage: 'Request was aborted', code: 4001 } });
    await jest.advanceTimersByTimeAsync(10);
    expect(fake.requests('RPC_ABORT')).toHaveLength(1);
    const readId = fake.requests('RPC_REQUEST').find((m) => m.payload.method === 'eth_blockNumber')!.id;
    fake.post({ type: '@w3m-frame/RPC_REQUEST_SUCCESS', id: readId, payload: '0x2a' });
    expect(await read).toEqual({ ok: true, value: '0x2a' });
  });

  it("an unlisted method is refused ('Requested RPC call is not allowed'): the modal opens, the error is logged, 300 ms later 'Action not allowed' and the open requests are rejected", async () => {
    const { kernel } = setup();
    await loggedIn(kernel);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const sign = outcome(kernel.connection.signMessage('hello'));
    await jest.advanceTimersByTimeAsync(10);
    kernel.modal.close();
    fake.held.length = 0; // (the close above aborted it; start a fresh one with the modal closed)
    const sign2 = outcome(provider(kernel).request({ method: 'personal_sign', params: ['0x00', FRAME_ADDRESS] }));
    await jest.advanceTimersByTimeAsync(10);
    kernel.modal.close();
    await sign;
    const before = fake.sent.length;
    const refused = outcome(provider(kernel).request({ method: 'eth_sign', params: [FRAME_ADDRESS, '0x00'] }));
    expect(await refused).toMatchObject({ ok: false, error: { shortMessage: 'Requested RPC call is not allowed', code: 4200 } });
    expect(fake.sent.slice(before).filter((m) => m.type === '@w3m-app/RPC_REQUEST')).toEqual([]);
    expect(kernel.modal.state.open).toBe(true);
    expect(logged).toHaveBeenCalledWith('[latchkey] RPC method not allowed', { method: 'eth_sign' });
    await jest.advanceTimersByTimeAsync(299);
    expect(kernel.snackbar.state.open).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(kernel.snackbar.state).toMatchObject({ open: true, variant: 'error', message: 'Action not allowed' });
    expect(await sign2).toMatchObject({ ok: false });
  });

  it('requests need a login', async () => {
    const { kernel } = setup();
    await started(kernel);
    await expect(provider(kernel).request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4100 });
    expect(await provider(kernel).request({ method: 'eth_accounts' })).toEqual([]);
    await expect(provider(kernel).request({ method: 'eth_getBalance', params: [] })).rejects.toMatchObject({ code: 4100 });
  });
});

describe('network switch and account type (docs/embedded-wallet.md#network-switch-and-account-type)', () => {
  it("records the wallet's smart-account networks in the network state once it connects (GET_SMART_ACCOUNT_ENABLED_NETWORKS); a disconnect clears them", async () => {
    fake.handlers['GET_SMART_ACCOUNT_ENABLED_NETWORKS'] = () => ({ smartAccountEnabledNetworks: [31337] });
    const { kernel } = setup();
    const wallet = await started(kernel);
    expect(kernel.network.state.namespaces.eip155.smartAccountEnabledNetworks).toEqual([]);
    await run(wallet.connectEmail('ada@example.com'));
    await run(wallet.connectOtp('123456'));
    expect(fake.requests('GET_SMART_ACCOUNT_ENABLED_NETWORKS').length).toBeGreaterThan(0);
    expect(kernel.network.state.namespaces.eip155.smartAccountEnabledNetworks).toEqual([31337]);
    await run(kernel.connection.disconnect());
    expect(kernel.network.state.namespaces.eip155.smartAccountEnabledNetworks).toEqual([]);
  });

  it('a wallet that cannot say which networks have smart accounts leaves the list empty, and the login goes on', async () => {
    fake.handlers['GET_SMART_ACCOUNT_ENABLED_NETWORKS'] = () => {
      throw new Error('unavailable');
    };
    const { kernel } = setup();
    await loggedIn(kernel);
    expect(kernel.account.get('eip155').status).toBe('connected');
    expect(kernel.network.state.namespaces.eip155.smartAccountEnabledNetworks).toEqual([]);
  });

  it('a switch reconnects the wallet on the target chain (GET_USER with it)', async () => {
    const { kernel } = setup();
    await loggedIn(kernel);
    await run(kernel.network.switchNetwork(anvil));
    expect(fake.requests('GET_USER').at(-1)!.payload).toEqual({ chainId: 31337, preferredAccountType: 'eoa' });
    expect(kernel.network.state.activeNetwork?.id).toBe(31337);
    expect(await provider(kernel).request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(fake.requests('SWITCH_NETWORK')).toEqual([]);
  });

  it('falls back to a plain switch when the reconnect fails; a chain the wallet cannot serve fails with 4902', async () => {
    const { kernel } = setup();
    await loggedIn(kernel);
    const getUser = fake.handlers['GET_USER']!;
    fake.handlers['GET_USER'] = (p, m) => {
      if (p?.chainId === 31337) throw new Error('temporarily unavailable');
      return getUser(p, m);
    };
    await run(kernel.network.switchNetwork(anvil));
    expect(fake.requests('SWITCH_NETWORK').at(-1)!.payload).toEqual({ chainId: 31337 });
    expect(kernel.network.state.activeNetwork?.id).toBe(31337);
    fake.handlers['SWITCH_NETWORK'] = () => {
      throw new Error('Chain 1 is not supported by this wallet');
    };
    fake.handlers['GET_USER'] = () => {
      throw new Error('Chain 1 is not supported by this wallet');
    };
    await expect(run(kernel.network.switchNetwork(testMainnet))).rejects.toMatchObject({ code: 4902, shortMessage: 'Chain 1 is not supported by this wallet' });
  });

  it("a smart account refused by the wallet: 'This application might not support Smart Accounts'", async () => {
    const { kernel } = setup();
    const wallet = await loggedIn(kernel);
    await expect(run(wallet.setPreferredAccountType('smartAccount'))).rejects.toThrow('This application might not support Smart Accounts');
    expect(kernel.snackbar.state).toMatchObject({ open: true, variant: 'error', message: 'This application might not support Smart Accounts' });
    expect(kernel.account.get('eip155').preferredAccountType).toBe('eoa');
    await run(wallet.setPreferredAccountType('eoa'));
    expect(fake.requests('SET_PREFERRED_ACCOUNT').map((m) => m.payload)).toEqual([{ type: 'smartAccount' }, { type: 'eoa' }]);
    expect(fake.requests('GET_USER').at(-1)!.payload).toMatchObject({ preferredAccountType: 'eoa' });
  });
});

describe('social login', () => {
  /** A popup as window.open gives it: at about:blank, then on the provider's origin (unreadable), then back on ours. */
  interface FakePopup {
    closed: boolean;
    close: jest.Mock;
    location: { href: string };
  }
  function fakePopup(): FakePopup {
    let href = 'about:blank';
    let readable = true;
    const popup: FakePopup = {
      closed: false,
      close: jest.fn(() => (popup.closed = true)),
      location: {
        get href() {
          if (!readable) throw new DOMException('cross-origin', 'SecurityError');
          return href;
        },
        set href(v: string) {
          href = v;
          readable = v.startsWith(window.location.origin) || v === 'about:blank';
        },
      },
    };
    return popup;
  }

  it("popup: the provider's page opens in it; back on our origin with result_uri, CONNECT_SOCIAL completes the login ('Authenticating...')", async () => {
    const { kernel, storage } = setup();
    const wallet = await started(kernel);
    const popup = fakePopup();
    const done = outcome(wallet.socialLogin('github', popup as unknown as Window));
    await jest.advanceTimersByTimeAsync(1000);
    expect(fake.requests('GET_SOCIAL_REDIRECT_URI')[0]!.payload).toEqual({ provider: 'github' });
    expect(wallet.state.social).toEqual({ provider: 'github', phase: 'popup' });
    expect(() => popup.location.href).toThrow(); // at the provider
    await jest.advanceTimersByTimeAsync(2000);
    const back = `${window.location.origin}/?result_uri=${encodeURIComponent('http://wallet.test/oauth/result?code=xyz')}`;
    popup.location.href = back;
    await jest.advanceTimersByTimeAsync(250);
    expect(kernel.snackbar.state).toMatchObject({ variant: 'loading', message: 'Authenticating...' });
    await jest.advanceTimersByTimeAsync(100);
    expect(await done).toEqual({ ok: true, value: undefined });
    expect(popup.close).toHaveBeenCalled();
    expect(fake.requests('CONNECT_SOCIAL')[0]!.payload).toEqual({ uri: back, chainId: 1, preferredAccountType: 'smartAccount' });
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', socialProvider: 'github', user: { username: 'carol' } });
    expect(stored(storage, 'username')).toBe('carol');
    expect(kernel.snackbar.state.open).toBe(false);
  });

  it("a failed completion: 'A problem occurred while trying initialize authentication', disconnected, back to Connect", async () => {
    const { kernel } = setup();
    const wallet = await started(kernel);
    fake.handlers['CONNECT_SOCIAL'] = () => {
      throw new Error('The social login was cancelled or refused');
    };
    void kernel.modal.open({ view: 'ConnectingSocial', data: { provider: 'google' } });
    const popup = fakePopup();
    const done = outcome(wallet.socialLogin('google', popup as unknown as Window));
    await jest.advanceTimersByTimeAsync(1000);
    popup.location.href = `${window.location.origin}/?result_uri=x`;
    await jest.advanceTimersByTimeAsync(500);
    expect(await done).toMatchObject({ ok: false });
    expect(kernel.snackbar.state).toMatchObject({ variant: 'error', message: 'A problem occurred while trying initialize authentication' });
    expect(kernel.router.state.view).toBe('Connect');
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(wallet.state.social).toMatchObject({ phase: 'failed' });
  });

  it("closing the popup gives up; a timed-out redirect address raises 'Invalid App Configuration'", async () => {
    const { kernel } = setup();
    const wallet = await started(kernel);
    const popup = fakePopup();
    const closed = outcome(wallet.socialLogin('google', popup as unknown as Window));
    await jest.advanceTimersByTimeAsync(1000);
    popup.closed = true;
    await jest.advanceTimersByTimeAsync(300);
    expect(await closed).toMatchObject({ ok: false, error: { code: 4001 } });
    fake.handlers['GET_SOCIAL_REDIRECT_URI'] = () => NO_REPLY;
    const slow = outcome(wallet.socialLogin('google', fakePopup() as unknown as Window));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(await slow).toMatchObject({ ok: false, error: { message: 'Something went wrong' } });
    expect(kernel.alerts.state.current).toMatchObject({ shortMessage: 'Invalid App Configuration' });
  });

  it('without a popup (blocked, or Telegram) the page goes to the provider; back with result_uri, the login completes and result_uri leaves the address bar', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    const wallet = await started(first.kernel);
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom: "navigation not implemented"
    await run(wallet.socialLogin('discord', null));
    expect(stored(storage, 'pendingSocial')).toEqual({ provider: 'discord', at: expect.any(Number) });
    await first.kernel.stop();
    // the provider sends the browser back to the app
    window.history.replaceState(null, '', `/?tab=1&result_uri=${encodeURIComponent('http://wallet.test/oauth/result?code=abc')}`);
    const { kernel } = setup({ storage });
    await run(kernel.start(), 2000);
    expect(fake.requests('CONNECT_SOCIAL').at(-1)!.payload).toMatchObject({ uri: 'http://wallet.test/oauth/result?code=abc' });
    expect(window.location.search).toBe('?tab=1');
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', socialProvider: 'discord' });
    expect(stored(storage, 'pendingSocial')).toBeUndefined();
  });

  it('a result_uri this page did not ask for (no marker, or an old one) is left alone', async () => {
    const storage = new MemoryStorage();
    window.history.replaceState(null, '', `/?result_uri=${encodeURIComponent('http://wallet.test/oauth/result?code=abc')}`);
    const plain = setup({ storage, environment: { isTelegram: () => true } });
    await run(plain.kernel.start(), 2000);
    expect(plain.kernel.plugins.isLoaded('email')).toBe(false); // nothing to resume: the module did not even load
    await plain.kernel.stop();
    storage.setItem(`${SCOPE}pendingSocial`, JSON.stringify({ v: { provider: 'google', at: Date.now() - 11 * 60_000 } }));
    const stale = setup({ storage });
    await run(stale.kernel.start(), 2000);
    expect(fake.requests('CONNECT_SOCIAL')).toEqual([]);
    expect(window.location.search).toContain('result_uri');
    expect(stored(storage, 'pendingSocial')).toBeUndefined();
  });

  it('refuses features.smartSessions when the module loads (not built yet), rather than ignoring it', async () => {
    const { kernel } = setup({ options: { features: { analytics: false, smartSessions: true } } });
    await run(kernel.start(), 1500);
    const loaded = await outcome(run(kernel.plugins.load('email')));
    expect(loaded.ok).toBe(false);
    const error = loaded.ok ? undefined : loaded.error;
    const refusal = error?.name === 'SmartSessionsNotSupportedError' ? error : error?.cause;
    expect(refusal).toMatchObject({ name: 'SmartSessionsNotSupportedError', code: 'SMART_SESSIONS_UNSUPPORTED' });
    expect(refusal.message).toMatch(/^features\.smartSessions: smart sessions .* are not supported by the embedded wallet yet; remove the flag/);
  });

  it('Farcaster: a URI, then the approval (asked again while "not approved yet"), then the login', async () => {
    const { kernel } = setup();
    const wallet = await started(kernel);
    expect(await run(wallet.farcasterUri())).toBe('http://wallet.test/farcaster/connect?channel=abc');
    // the account state keeps the link (farcasterUrl)
    expect(kernel.account.get('eip155').farcasterUrl).toBe('http://wallet.test/farcaster/connect?channel=abc');
    let asks = 0;
    fake.handlers['CONNECT_FARCASTER'] = () => {
      if (++asks < 3) throw new Error('Not approved yet: ask again');
      fake.loggedIn = true;
      return { userName: 'vitalik.eth' };
    };
    await run(wallet.connectFarcaster(), 3000);
    expect(asks).toBe(3);
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', socialProvider: 'farcaster', user: { username: 'vitalik.eth' } });
  });
});

describe('e-mail update', () => {
  it('primary code, secondary code, the new address', async () => {
    const { kernel, storage } = setup();
    const wallet = await loggedIn(kernel);
    await expect(wallet.updateEmail('nope')).rejects.toThrow('Invalid email');
    expect(await run(wallet.updateEmail('ada-new@example.com'))).toBe('VERIFY_PRIMARY_OTP');
    await run(wallet.updateEmailPrimaryOtp('111111'));
    expect(await run(wallet.updateEmailSecondaryOtp('222222'))).toBe('ada-new@example.com');
    expect(fake.sent.filter((m) => m.type.startsWith('@w3m-app/UPDATE_EMAIL')).map((m) => [m.type, m.payload])).toEqual([
      ['@w3m-app/UPDATE_EMAIL', { email: 'ada-new@example.com' }],
      ['@w3m-app/UPDATE_EMAIL_PRIMARY_OTP', { otp: '111111' }],
      ['@w3m-app/UPDATE_EMAIL_SECONDARY_OTP', { otp: '222222' }],
    ]);
    expect(stored(storage, 'email')).toBe('ada-new@example.com');
    expect(kernel.account.get('eip155').user?.email).toBe('ada-new@example.com');
  });
});
