/**
 * useWallets() in a host's own connect screen: the list and connect work inside
 * LatchkeyProvider with no modal opened, and none of the modal's lazily loaded views is loaded.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { testKernel } from '../../kernel/testing/fakeAdapter';
import { LatchkeyProvider } from './LatchkeyProvider';
import { useWallets } from './useWallets';
import { renderInProvider } from '../testing/render';

const loaded: string[] = [];
jest.mock('../views/AllWallets', () => (loaded.push('AllWallets'), jest.requireActual('../views/AllWallets')));
jest.mock('../views/ConnectingExternal', () => (loaded.push('ConnectingExternal'), jest.requireActual('../views/ConnectingExternal')));
jest.mock('../views/Account', () => (loaded.push('Account'), jest.requireActual('../views/Account')));
jest.mock('../views/Networks', () => (loaded.push('Networks'), jest.requireActual('../views/Networks')));

function Screen() {
  const { wallets, total, hasMore, loadMore, search, connect, connecting } = useWallets({ pageSize: 3 });
  return (
    <section aria-label="My wallets">
      <input aria-label="Search wallets" onChange={(e) => search(e.target.value)} />
      <ul>
        {wallets.map((w) => (
          <li key={w.key}>
            <button onClick={() => void connect(w).catch(() => undefined)}>{w.name}</button>
          </li>
        ))}
      </ul>
      <output data-testid="total">{total}</output>
      {hasMore ? <button onClick={loadMore}>More</button> : null}
      <output data-testid="connecting">{connecting?.status ?? 'idle'}</output>
    </section>
  );
}

const settle = () => act(async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
});

// First in the file: the list's code is not loaded yet (it loads on the page's first useWallets()).
it('applies a search and a connect asked before the list code has loaded', async () => {
  const { kernel } = testKernel();
  const first: { total: number; loading: boolean }[] = [];
  let asked: Promise<void> | undefined;
  function Early() {
    const { wallets, total, loading, query, search, connect } = useWallets({ pageSize: 5 });
    if (first.length === 0) {
      first.push({ total, loading });
      search('rainbow');
      asked = connect('no-such-wallet');
      asked.catch(() => undefined);
    }
    return <output data-testid="names" title={query}>{wallets.map((w) => w.name).join(',')}</output>;
  }
  render(
    <LatchkeyProvider kernel={kernel}>
      <Early />
    </LatchkeyProvider>,
  );
  expect(first).toEqual([{ total: 0, loading: true }]);
  await settle();
  // the queued search, over the catalogue read meanwhile
  expect(screen.getByTestId('names').title).toBe('rainbow');
  expect(screen.getByTestId('names').textContent!.split(',')).toContain('Rainbow');
  expect(screen.getByTestId('names').textContent).not.toContain('Test Wallet');
  await expect(asked).rejects.toMatchObject({ name: 'ConnectorNotFoundError' });
});

it('lists, pages, searches and connects without the modal', async () => {
  const { kernel } = renderInProvider(<Screen />);
  await settle();
  const list = () => within(screen.getByRole('list'));
  expect(list().getAllByRole('button')).toHaveLength(3);
  expect(list().getAllByRole('button')[0]!.textContent).toBe('Test Wallet');
  fireEvent.click(screen.getByRole('button', { name: 'More' }));
  expect(list().getAllByRole('button')).toHaveLength(6);

  fireEvent.change(screen.getByRole('textbox', { name: 'Search wallets' }), { target: { value: 'rainbow' } });
  expect(list().getAllByRole('button').map((b) => b.textContent)).toContain('Rainbow');
  fireEvent.change(screen.getByRole('textbox', { name: 'Search wallets' }), { target: { value: '' } });

  fireEvent.click(list().getByRole('button', { name: 'Test Wallet' }));
  await settle();
  expect(kernel.account.get('eip155').status).toBe('connected');
  expect(screen.getByTestId('connecting').textContent).toBe('idle');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(loaded).toEqual([]);
});
