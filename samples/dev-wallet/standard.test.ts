/**
 * The wallet-standard registration protocol of the dev wallets, against the real app side
 * (@wallet-standard/app's getWallets) on a fake window, in both load orders.
 */
import type { Wallet } from '@wallet-standard/base';
import { ChangeEmitter, registerWallet, svgIcon, type WalletHost } from './standard';

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
