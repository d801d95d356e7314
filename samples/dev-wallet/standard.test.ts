/**
 * The wallet-standard registration protocol of the dev wallets, against the real app side
 * (@wallet-standard/app's getWallets) on a fake window, in both load orders.
 */
import type { Wallet } from '@wallet-standard/base';
import { ChangeEmitter, publishWallet, registerWallet, standardFeatures, svgIcon, walletHost, type WalletHost } from './standard';

function fakeWindow(): WalletHost & EventTarget {
  return new EventTarget() as unknown as WalletHost & EventTarget;
}

const wallet = (name: string): Wallet => ({
  version: '1.0.0',
  name,
  icon: svgIcon('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  chains: ['solana:devnet'],
  features: {},
  accounts: [],
});

/** A fresh copy of @wallet-standard/app bound to `win` (its getWallets() is a module singleton). */
function loadApp(win: EventTarget): typeof import('@wallet-standard/app') {
  let mod!: typeof import('@wallet-standard/app');
  (globalThis as unknown as { window?: EventTarget }).window = win;
  jest.isolateModules(() => {
    mod = require('@wallet-standard/app');
  });
  return mod;
}

afterEach(() => {
  delete (globalThis as unknown as { window?: EventTarget }).window;
});

describe('registerWallet (wallet side of wallet-standard)', () => {
  it('is found by an app that starts later (app-ready event)', () => {
    const win = fakeWindow();
    const w = wallet('Later App Wallet');
    registerWallet(w, win);
    const { getWallets } = loadApp(win);
    expect(getWallets().get()).toEqual([w]);
  });

  it('is found by an app that started earlier (register-wallet event), and unregisters', () => {
    const win = fakeWindow();
    const { getWallets } = loadApp(win);
    const api = getWallets();
    const seen: string[] = [];
    api.on('register', (...ws) => seen.push(...ws.map((x) => `+${x.name}`)));
    api.on('unregister', (...ws) => seen.push(...ws.map((x) => `-${x.name}`)));
    const a = wallet('Early A');
    const b = wallet('Early B');
    const offA = registerWallet(a, win);
    registerWallet(b, win);
    expect(api.get()).toEqual([a, b]);
    offA();
    expect(api.get()).toEqual([b]);
    expect(seen).toEqual(['+Early A', '+Early B', '-Early A']);
  });

  it('dispatches an event whose propagation cannot be stopped, carrying a callback', () => {
    const win = fakeWindow();
    let event: any;
    win.addEventListener('wallet-standard:register-wallet', (e) => (event = e));
    const w = wallet('Protocol Wallet');
    registerWallet(w, win);
    expect(typeof event.detail).toBe('function');
    expect(() => event.preventDefault()).toThrow();
    expect(() => event.stopPropagation()).toThrow();
    expect(() => event.stopImmediatePropagation()).toThrow();
    const registered: Wallet[] = [];
    event.detail({ register: (x: Wallet) => (registered.push(x), () => {}) });
    expect(registered).toEqual([w]);
    // a hostile detail is ignored, not thrown into the wallet
    expect(() => win.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), { detail: null }))).not.toThrow();
  });
});

describe('walletHost, standardFeatures and publishWallet (what the Solana and Bitcoin dev wallets share)', () => {
  it('without a window (node), installing names the wallet in the error', () => {
    expect(() => walletHost('Bitcoin')).toThrow('Bitcoin dev wallet: no window to register on');
  });

  it('a silent connect never authorises; a connect does once; disconnect forgets; accounts are read live by the app', async () => {
    const win = fakeWindow();
    const events = new ChangeEmitter();
    const account = { address: 'a', publicKey: new Uint8Array([1]), chains: ['test:1'], features: [] } as const;
    let authorized = false;
    let prompts = 0;
    const features = standardFeatures({
      events,
      isAuthorized: () => authorized,
      authorize: () => {
        prompts += 1;
        authorized = true;
      },
      disconnect: () => (authorized = false),
      accounts: () => (authorized ? [account] : []),
    });
    const { wallet: w, unregister } = publishWallet({ name: 'Shared', icon: svgIcon('<svg/>'), chains: ['test:1'], features, accounts: () => (authorized ? [account] : []) }, win);
    const { getWallets } = loadApp(win);
    expect(getWallets().get()).toEqual([w]);
    expect(Object.isFrozen(w)).toBe(true);
    expect(await features['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] });
    expect(prompts).toBe(0);
    expect(await features['standard:connect'].connect()).toEqual({ accounts: [account] });
    expect(await features['standard:connect'].connect()).toEqual({ accounts: [account] });
    expect(prompts).toBe(1);
    expect(w.accounts).toEqual([account]);
    await features['standard:disconnect'].disconnect();
    expect(w.accounts).toEqual([]);
    unregister();
    expect(getWallets().get()).toEqual([]);
  });
});

describe('ChangeEmitter', () => {
  it('calls every change listener, survives a throwing one, and stops after off()', () => {
    const events = new ChangeEmitter();
    const got: unknown[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    events.on('change', () => {
      throw new Error('boom');
    });
    const off = events.on('change', (p) => got.push(p));
    expect(events.on('other', () => got.push('never'))).toBeInstanceOf(Function);
    events.emit({ accounts: [] });
    off();
    events.emit({ accounts: [] });
    expect(got).toEqual([{ accounts: [] }]);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('svgIcon', () => {
  it('gives a base64 SVG data URI', () => {
    const icon = svgIcon('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(icon.split(',')[1]!, 'base64').toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
});
