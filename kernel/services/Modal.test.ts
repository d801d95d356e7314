import { Container } from 'inversify';
import { Subject } from 'rxjs';
import type { ChainNamespace } from '../types';
import { Account } from './Account';
import { Environment } from './Environment';
import { Events, type AnalyticsEvent, type TrackedEvent } from './Events';
import { Modal, ModalImpl, SHAKE_MS, type OpenModalArgs } from './Modal';
import { Options } from '../options/Options';
import type { ResolvedOptions } from '../options/types';
import { PluginHost } from '../plugin/PluginHost';
import { Router, RouterImpl } from './Router';
import { bindService } from '../testing/services';

/** Small fakes: only the members ModalImpl uses, typed against the real interfaces. */
function setup(init: { connected?: boolean; namespaces?: ChainNamespace[]; mobile?: boolean; embedded?: boolean; basicView?: string } = {}) {
  const world = {
    connected: init.connected ?? false,
    namespaces: init.namespaces ?? (['eip155'] as ChainNamespace[]),
    mobile: init.mobile ?? false,
    embedded: init.embedded ?? false,
    basicView: 'basicView' in init ? init.basicView : 'PairingView',
  };
  const router = new RouterImpl();
  const account = { isConnected: () => world.connected } as Pick<Account, 'isConnected'> as Account;
  const pluginHost = { namespaces: () => world.namespaces, basicView: () => world.basicView } as Pick<PluginHost, 'namespaces' | 'basicView'> as PluginHost;
  const env = { isMobile: () => world.mobile } as Pick<Environment, 'isMobile'> as Environment;
  const options = {
    get state() {
      return { enableEmbedded: world.embedded } as ResolvedOptions;
    },
  } as Options;
  const tracked: AnalyticsEvent[] = [];
  const events: Events = {
    events$: new Subject<TrackedEvent>(),
    track: (e) => {
      tracked.push(e);
    },
    setAddressSource: () => undefined,
  };
  const modal = new ModalImpl(router, account, pluginHost, env, options, events);
  const opened: OpenModalArgs[] = [];
  let closedCount = 0;
  modal.onDidOpen$.subscribe((a) => opened.push(a));
  modal.onDidClose$.subscribe(() => closedCount++);
  return { world, router, modal, tracked, opened, closed: () => closedCount, account, pluginHost, env, options, events };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('ModalImpl opening rules', () => {
  it('starts closed, not loading, not shaking', () => {
    const { modal } = setup();
    expect(modal.state).toEqual({ open: false, loading: false, shake: false, namespace: undefined });
  });

  it('a requested view opens that view with its data', async () => {
    const { modal, router } = setup();
    router.push('AllWallets');
    await modal.open({ view: 'FeatureView', data: { fromToken: 'ETH', amount: '1' } });
    expect(modal.state.open).toBe(true);
    expect(router.state.view).toBe('FeatureView');
    expect(router.state.data).toEqual({ fromToken: 'ETH', amount: '1' });
    expect(router.state.history).toHaveLength(1);
  });

  it('a requested view wins over the connected rule', async () => {
    const { modal, router } = setup({ connected: true });
    await modal.open({ view: 'Networks' });
    expect(router.state.view).toBe('Networks');
  });

  it('the no-adapter rule comes first, as the spec orders them: a requested view does not skip basic mode', async () => {
    const mobile = setup({ namespaces: [], mobile: true });
    await mobile.modal.open({ view: 'Networks' });
    expect(mobile.router.state.view).toBe('AllWallets');
    const desktop = setup({ namespaces: [], mobile: false });
    await desktop.modal.open({ view: 'Networks' });
    expect(desktop.router.state.view).toBe('PairingView');
    // once connected, the requested view opens
    const connected = setup({ namespaces: [], connected: true });
    await connected.modal.open({ view: 'Networks' });
    expect(connected.router.state.view).toBe('Networks');
  });

  it('connected opens Account', async () => {
    const { modal, router } = setup({ connected: true });
    await modal.open();
    expect(router.state.view).toBe('Account');
    expect(router.state.history).toHaveLength(1);
  });

  it('connected opens Account even when no adapter is registered', async () => {
    const { modal, router } = setup({ connected: true, namespaces: [], mobile: true });
    await modal.open();
    expect(router.state.view).toBe('Account');
  });

  it('no adapters and not connected on mobile opens AllWallets', async () => {
    const { modal, router } = setup({ namespaces: [], mobile: true });
    await modal.open();
    expect(router.state.view).toBe('AllWallets');
  });

  it('no adapters and not connected on desktop opens the basic view a plugin contributes (WalletConnect\'s), else Connect', async () => {
    const { modal, router } = setup({ namespaces: [], mobile: false });
    await modal.open();
    expect(router.state.view).toBe('PairingView');
    const none = setup({ namespaces: [], mobile: false, basicView: undefined });
    await none.modal.open();
    expect(none.router.state.view).toBe('Connect');
  });

  it('otherwise opens Connect, resetting any previous history', async () => {
    const { modal, router } = setup({ namespaces: ['eip155', 'solana'] });
    router.reset('Account');
    router.push('Networks');
    await modal.open();
    expect(router.state.history).toEqual([{ view: 'Connect' }]);
  });

  it('a connect waiting for its wallet reopens its view on top of Connect; a requested view and connected still win', async () => {
    const { modal, router, world } = setup();
    modal.resumeWith({ view: 'ConnectingExternal', data: { connectorId: 'io.test', title: 'Test' } });
    await modal.open();
    expect(router.state.history).toEqual([{ view: 'Connect' }, { view: 'ConnectingExternal', data: { connectorId: 'io.test', title: 'Test' } }]);
    await modal.open({ view: 'Networks' });
    expect(router.state.view).toBe('Networks');
    world.connected = true;
    await modal.open();
    expect(router.state.view).toBe('Account');
    world.connected = false;
    modal.resumeWith(undefined);
    await modal.open();
    expect(router.state.history).toEqual([{ view: 'Connect' }]);
  });

  it('the rules are evaluated at each open, not at construction', async () => {
    const { modal, router, world } = setup();
    await modal.open();
    expect(router.state.view).toBe('Connect');
    modal.close();
    world.connected = true;
    await modal.open();
    expect(router.state.view).toBe('Account');
  });

  it('state is visible synchronously, before the returned promise is awaited', () => {
    const { modal, router, opened, tracked } = setup({ connected: true });
    const p = modal.open({ namespace: 'solana' });
    expect(modal.state.open).toBe(true);
    expect(modal.state.namespace).toBe('solana');
    expect(router.state.view).toBe('Account');
    expect(opened).toHaveLength(1);
    expect(tracked.map((e) => e.event)).toEqual(['MODAL_OPEN']);
    return expect(p).resolves.toBeUndefined();
  });

  it('records the namespace, and clears it when opened without one', async () => {
    const { modal } = setup();
    await modal.open({ namespace: 'bip122' });
    expect(modal.state.namespace).toBe('bip122');
    await modal.open();
    expect(modal.state.namespace).toBeUndefined();
  });

  it('emits onDidOpen$ with the args, keeping the pairing uri', async () => {
    const { modal, opened } = setup();
    const args: OpenModalArgs = { uri: 'wc:abc@2?relay-protocol=irn&symKey=01', namespace: 'eip155' };
    await modal.open(args);
    expect(opened).toEqual([args]);
    expect(opened[0]!.uri).toBe('wc:abc@2?relay-protocol=irn&symKey=01');
  });

  it('tracks MODAL_OPEN with the connected flag', async () => {
    const a = setup({ connected: false });
    await a.modal.open();
    expect(a.tracked).toEqual([{ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } }]);
    const b = setup({ connected: true });
    await b.modal.open();
    expect(b.tracked).toEqual([{ type: 'track', event: 'MODAL_OPEN', properties: { connected: true } }]);
  });
});

describe('ModalImpl closing', () => {
  it('close sets open=false, clears loading, tracks MODAL_CLOSE and emits onDidClose$', async () => {
    const { modal, tracked, closed } = setup({ connected: true });
    await modal.open();
    modal.setLoading(true);
    expect(modal.state.loading).toBe(true);
    modal.close();
    expect(modal.state.open).toBe(false);
    expect(modal.state.loading).toBe(false);
    expect(tracked[1]).toEqual({ type: 'track', event: 'MODAL_CLOSE', properties: { connected: true } });
    expect(closed()).toBe(1);
  });

  it('close when already closed (not embedded) does nothing', () => {
    const { modal, tracked, closed } = setup();
    modal.close();
    expect(tracked).toEqual([]);
    expect(closed()).toBe(0);
  });

  it('a close guard returning false shakes instead and keeps the modal open', async () => {
    jest.useFakeTimers();
    const { modal, tracked, closed } = setup();
    await modal.open();
    modal.addCloseGuard(() => true);
    modal.addCloseGuard(() => false);
    modal.close();
    expect(modal.state.open).toBe(true);
    expect(modal.state.shake).toBe(true);
    expect(closed()).toBe(0);
    expect(tracked.map((e) => e.event)).toEqual(['MODAL_OPEN']);
  });

  it('guards returning true let the modal close', async () => {
    const { modal } = setup();
    const guard = jest.fn(() => true);
    modal.addCloseGuard(guard);
    await modal.open();
    modal.close();
    expect(guard).toHaveBeenCalledTimes(1);
    expect(modal.state.open).toBe(false);
  });

  it('the disposer returned by addCloseGuard removes the guard', async () => {
    const { modal } = setup();
    await modal.open();
    const dispose = modal.addCloseGuard(() => false);
    modal.close();
    expect(modal.state.open).toBe(true);
    dispose();
    modal.close();
    expect(modal.state.open).toBe(false);
  });

  it('embedded mode: close routes to Account when connected', async () => {
    const { modal, router, closed } = setup({ embedded: true, connected: true });
    await modal.open({ view: 'Networks' });
    router.push('FeatureView');
    modal.close();
    expect(router.state.history).toEqual([{ view: 'Account' }]);
    expect(closed()).toBe(1);
  });

  it('embedded mode: close routes to Connect when not connected', async () => {
    const { modal, router } = setup({ embedded: true, connected: false });
    await modal.open({ view: 'AllWallets' });
    modal.close();
    expect(router.state.history).toEqual([{ view: 'Connect' }]);
  });

  it('embedded mode: close runs even if open() was never called', () => {
    const { modal, router, tracked, closed } = setup({ embedded: true, connected: true });
    router.push('ConnectingExternal');
    modal.close();
    expect(router.state.view).toBe('Account');
    expect(tracked.map((e) => e.event)).toEqual(['MODAL_CLOSE']);
    expect(closed()).toBe(1);
  });

  it('not embedded: close leaves the router where it was', async () => {
    const { modal, router } = setup({ connected: true });
    await modal.open();
    router.push('Networks');
    modal.close();
    expect(router.state.view).toBe('Networks');
  });

  it("router's closeRequested$ (goBack at the root) closes the modal", async () => {
    const { modal, router, closed } = setup();
    await modal.open();
    router.goBack();
    expect(modal.state.open).toBe(false);
    expect(closed()).toBe(1);
  });

  it('goBack from UnsupportedChain closes through the guards', async () => {
    jest.useFakeTimers();
    const { modal, router } = setup({ connected: true });
    await modal.open({ view: 'UnsupportedChain' });
    router.push('Networks');
    const dispose = modal.addCloseGuard(() => false);
    router.goBack();
    expect(modal.state.open).toBe(true);
    expect(modal.state.shake).toBe(true);
    dispose();
    router.goBack();
    expect(modal.state.open).toBe(false);
  });
});

describe('ModalImpl shake and loading', () => {
  it(`shake is true for exactly ${SHAKE_MS} ms`, () => {
    jest.useFakeTimers();
    const { modal } = setup();
    modal.shake();
    expect(modal.state.shake).toBe(true);
    jest.advanceTimersByTime(SHAKE_MS - 1);
    expect(modal.state.shake).toBe(true);
    jest.advanceTimersByTime(1);
    expect(modal.state.shake).toBe(false);
  });

  it('SHAKE_MS is the spec value, 500 ms', () => {
    expect(SHAKE_MS).toBe(500);
  });

  it('a shake during a shake restarts the 500 ms period', () => {
    jest.useFakeTimers();
    const { modal } = setup();
    modal.shake();
    jest.advanceTimersByTime(300);
    modal.shake();
    jest.advanceTimersByTime(300);
    expect(modal.state.shake).toBe(true);
    jest.advanceTimersByTime(199);
    expect(modal.state.shake).toBe(true);
    jest.advanceTimersByTime(1);
    expect(modal.state.shake).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('setLoading sets and clears loading', () => {
    const { modal } = setup();
    modal.setLoading(true);
    expect(modal.state.loading).toBe(true);
    modal.setLoading(false);
    expect(modal.state.loading).toBe(false);
  });
});

describe('ModalImpl in a container', () => {
  it('resolves with explicit @inject tokens', async () => {
    const s = setup({ connected: true });
    const c = new Container();
    bindService(c, Router).inSingletonScope();
    c.bind(Account).toConstantValue(s.account);
    c.bind(PluginHost).toConstantValue(s.pluginHost);
    c.bind(Environment).toConstantValue(s.env);
    c.bind(Options).toConstantValue(s.options);
    c.bind(Events).toConstantValue(s.events);
    bindService(c, Modal).inSingletonScope();
    const modal = c.get<Modal>(Modal);
    await modal.open();
    expect(c.get<Router>(Router).state.view).toBe('Account');
    expect(c.get<Modal>(Modal)).toBe(modal);
  });
});
