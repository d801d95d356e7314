import { Container } from 'inversify';
import { Router, RouterImpl, type RouterState } from './Router';

function views(r: Router): string[] {
  return r.state.history.map((e) => e.view);
}

function closeCount(r: Router): () => number {
  let n = 0;
  r.closeRequested$.subscribe(() => n++);
  return () => n;
}

describe('RouterImpl', () => {
  it('starts on Connect with a one-entry history', () => {
    const r = new RouterImpl();
    expect(r.state.view).toBe('Connect');
    expect(r.state.data).toBeUndefined();
    expect(views(r)).toEqual(['Connect']);
  });

  it('push appends a view and makes it current with its data', () => {
    const r = new RouterImpl();
    r.push('AllWallets');
    r.push('ConnectingExternal', { connectorId: 'io.metamask' });
    expect(views(r)).toEqual(['Connect', 'AllWallets', 'ConnectingExternal']);
    expect(r.state.view).toBe('ConnectingExternal');
    expect(r.state.data).toEqual({ connectorId: 'io.metamask' });
  });

  it('push of the current view is ignored entirely (history, data and emissions)', () => {
    const r = new RouterImpl();
    r.push('FeatureView', { from: 'ETH' });
    const emitted: RouterState[] = [];
    r.state$.subscribe((s) => emitted.push(s));
    const before = r.state;
    r.push('FeatureView', { from: 'USDC' });
    expect(r.state).toBe(before);
    expect(r.state.data).toEqual({ from: 'ETH' });
    expect(views(r)).toEqual(['Connect', 'FeatureView']);
    expect(emitted).toHaveLength(1); // only the replayed current value
  });

  it('push of a view that is in history but not on top is appended', () => {
    const r = new RouterImpl();
    r.push('AllWallets');
    r.push('Connect');
    expect(views(r)).toEqual(['Connect', 'AllWallets', 'Connect']);
  });

  it('reset makes the history exactly one entry, with its data', () => {
    const r = new RouterImpl();
    r.push('AllWallets');
    r.push('PairingView');
    r.reset('FeatureView', { amount: '1' });
    expect(views(r)).toEqual(['FeatureView']);
    expect(r.state.view).toBe('FeatureView');
    expect(r.state.data).toEqual({ amount: '1' });
  });

  it('reset without data clears the data of the current view', () => {
    const r = new RouterImpl();
    r.push('FeatureView', { amount: '1' });
    r.reset('Account');
    expect(r.state.data).toBeUndefined();
    expect(r.state.history).toEqual([{ view: 'Account' }]);
  });

  it('replace swaps only the last entry', () => {
    const r = new RouterImpl();
    r.push('AllWallets');
    r.push('ConnectingExternal', { connectorId: 'a' });
    r.replace('PluginView', { id: 'b' });
    expect(views(r)).toEqual(['Connect', 'AllWallets', 'PluginView']);
    expect(r.state.data).toEqual({ id: 'b' });
  });

  it('replace on a one-entry history keeps one entry', () => {
    const r = new RouterImpl();
    r.replace('Account');
    expect(views(r)).toEqual(['Account']);
  });

  it('goBack pops and restores the previous view and its data', () => {
    const r = new RouterImpl();
    const closes = closeCount(r);
    r.push('Search', { search: 'meta' });
    r.push('ConnectingExternal');
    r.goBack();
    expect(views(r)).toEqual(['Connect', 'Search']);
    expect(r.state.view).toBe('Search');
    expect(r.state.data).toEqual({ search: 'meta' });
    expect(closes()).toBe(0);
  });

  it('goBack with one entry requests close and leaves history as is', () => {
    const r = new RouterImpl();
    const closes = closeCount(r);
    const before = r.state;
    r.goBack();
    expect(closes()).toBe(1);
    expect(r.state).toBe(before);
    expect(views(r)).toEqual(['Connect']);
  });

  it('goBack requests close when UnsupportedChain is on top', () => {
    const r = new RouterImpl();
    const closes = closeCount(r);
    r.push('Account');
    r.push('UnsupportedChain');
    r.goBack();
    expect(closes()).toBe(1);
    expect(views(r)).toEqual(['Connect', 'Account', 'UnsupportedChain']);
  });

  it('goBack requests close when UnsupportedChain is anywhere in history', () => {
    const r = new RouterImpl();
    const closes = closeCount(r);
    r.reset('UnsupportedChain');
    r.push('Networks');
    r.goBack();
    expect(closes()).toBe(1);
    expect(views(r)).toEqual(['UnsupportedChain', 'Networks']);
  });

  it('state$ emits the current state on subscribe and each navigation', () => {
    const r = new RouterImpl();
    const seen: string[] = [];
    r.state$.subscribe((s) => seen.push(s.view));
    r.push('AllWallets');
    r.replace('Networks');
    r.goBack();
    expect(seen).toEqual(['Connect', 'AllWallets', 'Networks', 'Connect']);
  });

  it('resolves from an inversify container as a singleton', () => {
    const c = new Container();
    c.bind<Router>(Router).to(RouterImpl).inSingletonScope();
    const a = c.get<Router>(Router);
    expect(a).toBeInstanceOf(RouterImpl);
    expect(c.get<Router>(Router)).toBe(a);
  });
  it('transaction stack: push, then pop runs the callback for the result; error and cancel go back one view', () => {
    const r = new RouterImpl();
    const calls: string[] = [];
    const entry = (name: string) => ({
      onSuccess: () => calls.push(`${name}:success`),
      onError: () => calls.push(`${name}:error`),
      onCancel: () => calls.push(`${name}:cancel`),
    });
    r.push('Send');
    r.push('ApproveTransaction');
    r.pushTransactionStack(entry('a'));
    r.pushTransactionStack(entry('b'));
    r.pushTransactionStack(entry('c'));
    expect(r.transactionStack()).toHaveLength(3);
    r.popTransactionStack('success');
    expect(calls).toEqual(['c:success']);
    expect(views(r)).toEqual(['Connect', 'Send', 'ApproveTransaction']);
    r.popTransactionStack('error');
    expect(calls).toEqual(['c:success', 'b:error']);
    expect(views(r)).toEqual(['Connect', 'Send']);
    r.popTransactionStack('cancel');
    expect(calls).toEqual(['c:success', 'b:error', 'a:cancel']);
    expect(views(r)).toEqual(['Connect']);
    // empty: nothing happens, no navigation, no close request
    const closes = closeCount(r);
    r.popTransactionStack('error');
    expect(calls).toHaveLength(3);
    expect(closes()).toBe(0);
    expect(r.transactionStack()).toEqual([]);
  });
});
