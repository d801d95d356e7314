import { act, fireEvent, screen } from '@testing-library/react';
import { RouterOutlet } from './RouterOutlet';
import { renderWithKernel, uiKernel, viewPlugin } from '../testing/render';
import type { PluginManifest } from '../../kernel/index';
import type { ViewProps } from '../views/types';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Hello = ({ data }: ViewProps) => <p>Hello {String(data?.['who'] ?? 'nobody')}</p>;

describe('RouterOutlet', () => {
  it('shows an announced loading state until a view chunk arrives, then the view with its data', async () => {
    const chunk = deferred<{ default: typeof Hello }>();
    const plugin: PluginManifest = { id: 'hello', contributes: { views: [{ id: 'Hello', load: () => chunk.promise }] }, load: async () => ({}) };
    const { kernel } = uiKernel({}, [plugin]);
    act(() => kernel.router.reset('Hello', { who: 'Ada' }));
    renderWithKernel(kernel, <RouterOutlet kernel={kernel} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toContain('Loading…');
    await act(async () => chunk.resolve({ default: Hello }));
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows an error with Retry when the import fails, and Retry loads again', async () => {
    let calls = 0;
    const load = () => (++calls === 1 ? Promise.reject(new Error('chunk 404')) : Promise.resolve({ default: Hello }));
    const { kernel } = uiKernel({}, [{ id: 'hello', contributes: { views: [{ id: 'Hello', load }] }, load: async () => ({}) }]);
    act(() => kernel.router.reset('Hello'));
    renderWithKernel(kernel, <RouterOutlet kernel={kernel} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this view.');
    expect(alert.textContent).toContain('chunk 404');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(screen.getByText('Hello nobody')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('renders a plugin-contributed view, loading its plugin only on first navigation', async () => {
    const plugin = viewPlugin('feature-plugin', { FeatureView: ({ data }: ViewProps) => <p>Feature view {String(data?.['from'])}</p> });
    const { kernel } = uiKernel({}, [plugin]);
    renderWithKernel(kernel, <RouterOutlet kernel={kernel} />);
    expect(plugin.loads).toBe(0);
    act(() => kernel.router.push('FeatureView', { from: 'ETH' }));
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    expect(await screen.findByText('Feature view ETH')).toBeTruthy();
    expect(plugin.loads).toBe(1);
    // Back and forth: the loaded view renders in the same frame, no second load.
    act(() => kernel.router.goBack());
    act(() => kernel.router.push('FeatureView', { from: 'DAI' }));
    expect(screen.getByText('Feature view DAI')).toBeTruthy();
    expect(plugin.loads).toBe(1);
  });

  it("a failing plugin module load shows Retry, which loads the plugin again (the view waits for its plugin's services)", async () => {
    let fail = true;
    const manifest: PluginManifest = {
      id: 'flaky',
      contributes: { views: [{ id: 'Flaky', load: async () => ({ default: () => <p>Flaky loaded</p> }) }] },
      load: async () => {
        if (fail) throw new Error('network down');
        return {};
      },
    };
    const { kernel } = uiKernel({}, [manifest]);
    act(() => kernel.router.reset('Flaky'));
    renderWithKernel(kernel, <RouterOutlet kernel={kernel} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('Flaky loaded')).toBeTruthy();
  });

  it('says so when no core view and no plugin provides the view', async () => {
    const { kernel } = uiKernel();
    act(() => kernel.router.reset('Nowhere'));
    renderWithKernel(kernel, <RouterOutlet kernel={kernel} />);
    expect((await screen.findByRole('alert')).textContent).toContain('This view is not available.');
  });

  it('renders the real core Connect view immediately (it is in the entry chunk)', () => {
    const { kernel } = uiKernel();
    renderWithKernel(kernel, <RouterOutlet kernel={kernel} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: /^Test Wallet\b/ })).toBeTruthy();
  });

  it('loads a lazy core view (AllWallets) on navigation', async () => {
    const { kernel } = uiKernel();
    renderWithKernel(kernel, <RouterOutlet kernel={kernel} />);
    act(() => kernel.router.push('AllWallets'));
    expect(await screen.findByRole('searchbox', { name: 'Search wallet' })).toBeTruthy();
  });

  it('renders a view a plugin contributes in place of a core one', async () => {
    const plugin = viewPlugin('my-account', { Account: () => <p>My own account view</p> });
    const { kernel } = uiKernel({}, [plugin]);
    act(() => kernel.router.reset('Account'));
    renderWithKernel(kernel, <RouterOutlet kernel={kernel} />);
    expect(await screen.findByText('My own account view')).toBeTruthy();
  });

  it('says what is wrong when a view module has no component', async () => {
    const { kernel } = uiKernel({}, [{ id: 'odd', contributes: { views: [{ id: 'Odd', load: async () => ({ default: 42 }) }] }, load: async () => ({}) }]);
    act(() => kernel.router.reset('Odd'));
    renderWithKernel(kernel, <RouterOutlet kernel={kernel} />);
    expect((await screen.findByRole('alert')).textContent).toContain("The module of view 'Odd' has no component as its default export");
  });
});
