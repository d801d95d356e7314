import { act, fireEvent, screen, within } from '@testing-library/react';
import { BlockchainApi, type Transaction } from 'latchkey';
import { TransactionsWithoutAccountError } from 'latchkey/errors';
import { ACCOUNT, accountHarness, fakeApi, settle } from '../../tests/support/accountHarness';
import { historyPlugin, Activity } from './index';

const hash = (n: number) => '0x' + n.toString(16).padStart(64, '0');

function tx(n: number, chain = 'eip155:1', transfers?: Transaction['transfers']): Transaction {
  return {
    id: `${chain}:${hash(n)}`,
    metadata: { minedAt: '2026-11-22T21:18:46.000Z', chain, operationType: n % 2 ? 'receive' : 'send', status: 'confirmed', sentFrom: '0x1', sentTo: '0x2', hash: hash(n) },
    transfers: transfers ?? [{ fungible_info: { symbol: 'LKD', icon: { url: 'https://icons.test/lkd.svg' } }, quantity: { numeric: `${n}.123456` }, direction: n % 2 ? 'in' : 'out' }],
  };
}
const spamOnly = (n: number) => tx(n, 'eip155:1', [{ nft_info: { name: 'Free', flags: { is_spam: true } }, quantity: { numeric: '1' } }]);

/** IntersectionObserver for jsdom: tests say when the observed element comes into view. */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  disconnect() {
    FakeIntersectionObserver.all = FakeIntersectionObserver.all.filter((o) => o !== this);
  }
  static show(el: Element, isIntersecting = true) {
    for (const o of FakeIntersectionObserver.all.filter((x) => x.targets.includes(el))) {
      o.callback([{ isIntersecting, target: el } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
    }
  }
}

describe('history plugin: the Activity tab', () => {
  beforeEach(() => Object.assign(globalThis, { IntersectionObserver: FakeIntersectionObserver }));
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    FakeIntersectionObserver.all = [];
  });

  it("lists the connected chain's transactions (spam NFT-only ones hidden), each hash linked to the explorer; pages as the list scrolls", async () => {
    const pages: Record<string, { data: Transaction[]; next?: string }> = {
      first: { data: [tx(1), tx(2, 'eip155:10'), spamOnly(3), tx(4)], next: 'c2' },
      c2: { data: [tx(5), tx(4)], next: 'c3' },
      c3: { data: [tx(6)] },
    };
    const api = fakeApi({ transactions: async ({ cursor }) => ({ data: pages[cursor ?? 'first']!.data, next: pages[cursor ?? 'first']!.next }) });
    const h = accountHarness({ plugins: [historyPlugin()], api });
    await h.connect();
    const dialog = await h.openAccount();
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Activity' }));
    const list = await within(dialog).findByRole('list', { name: 'Transactions' });
    const rows = () => within(list).getAllByRole('listitem');
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual([`eip155:1:${hash(1)}`, `eip155:1:${hash(4)}`]);
    expect(rows()[0]!.textContent).toContain('Received+1.123 LKD');
    expect(rows()[1]!.textContent).toContain('Sent-4.123 LKD');
    const link = within(rows()[0]!).getByRole('link', { name: `Transaction ${hash(1)} on Etherscan` });
    expect(link.getAttribute('href')).toBe(`https://explorer.test/tx/${hash(1)}`);
    expect(api.transactions).toHaveBeenCalledWith({ account: ACCOUNT, caipNetworkId: 'eip155:1' });

    // The end of the list scrolls into view: the next page, then the last (a duplicate is not listed twice).
    await act(async () => FakeIntersectionObserver.show(screen.getByTestId('activity-more')));
    await settle();
    // still in view after the page arrived: the next one follows without another scroll event
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual([1, 4, 5, 6].map((n) => `eip155:1:${hash(n)}`));
    expect(api.transactions.mock.calls.map((c) => c[0].cursor)).toEqual([undefined, 'c2', 'c3']);
    expect(screen.queryByTestId('activity-more')).toBeNull();
  });

  it('shown again (e.g. after a send): the first page is read again; a new transaction goes first, an unchanged list keeps its pages, a failure keeps the list', async () => {
    let first: Transaction[] = [tx(1)];
    let failing = false;
    const api = fakeApi({
      transactions: async ({ cursor }) => {
        if (failing) throw new Error('HTTP status code: 500');
        return cursor ? { data: [tx(2)], next: undefined } : { data: first, next: 'c2' };
      },
    });
    const h = accountHarness({ plugins: [historyPlugin()], api });
    await h.connect();
    const dialog = await h.openAccount();
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Activity' }));
    const list = await within(dialog).findByRole('list', { name: 'Transactions' });
    const ids = () => within(list).getAllByRole('listitem').map((r) => r.getAttribute('data-id'));
    await act(async () => FakeIntersectionObserver.show(screen.getByTestId('activity-more')));
    await settle();
    expect(ids()).toEqual([1, 2].map((n) => `eip155:1:${hash(n)}`));
    const activity = h.kernel.get<Activity>(Activity);

    await act(() => activity.load());
    expect(api.transactions).toHaveBeenCalledTimes(3); // read again, nothing new: both pages stay
    expect(ids()).toEqual([1, 2].map((n) => `eip155:1:${hash(n)}`));

    first = [tx(7), tx(1)];
    await act(() => activity.load());
    expect(ids()).toEqual([7, 1].map((n) => `eip155:1:${hash(n)}`));
    expect(screen.getByTestId('activity-more')).toBeTruthy(); // the next page again as the list scrolls

    failing = true;
    await act(() => activity.load());
    expect(activity.state.status).toBe('ready');
    expect(ids()).toEqual([7, 1].map((n) => `eip155:1:${hash(n)}`));
  });

  it("a failed fetch: 'Failed to fetch transactions' and the list is marked empty", async () => {
    const api = fakeApi({ transactions: async () => Promise.reject(new Error('HTTP status code: 500')) });
    const h = accountHarness({ plugins: [historyPlugin()], api });
    await h.connect();
    const dialog = await h.openAccount();
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Activity' }));
    await screen.findByText('Failed to fetch transactions');
    expect(h.kernel.get<Activity>(Activity).state).toMatchObject({ status: 'error', empty: true, items: [] });
    expect(within(dialog).getByText('No activity to show.').closest('[data-empty="true"]')).toBeTruthy();
  });

  it("without an account the API client refuses: \"Transactions can't be fetched without an accountAddress\"", async () => {
    // The kernel's own BlockchainApi: it refuses before any request (fetch would fail here).
    const h = accountHarness({ plugins: [historyPlugin()], options: { blockchainApiUrl: 'http://127.0.0.1:1' }, render: false });
    await h.kernel.plugins.load('history');
    const activity = h.kernel.get<Activity>(Activity);
    await activity.load();
    expect(activity.state.error).toBeInstanceOf(TransactionsWithoutAccountError);
    expect(activity.state.error?.message).toBe("Transactions can't be fetched without an accountAddress");
    expect(activity.state.empty).toBe(true);
    expect(h.kernel.snackbar.state.message).toBe('Failed to fetch transactions');
    expect(h.kernel.get<BlockchainApi>(BlockchainApi).configured).toBe(true);
  });

  it("the 'history' flag turns the tab off; no module is loaded", async () => {
    const plugin = historyPlugin();
    const loads = jest.spyOn(plugin, 'load');
    const h = accountHarness({ plugins: [plugin], api: fakeApi(), options: { features: { analytics: false, history: false } } });
    await h.connect();
    const dialog = await h.openAccount();
    await settle();
    expect(within(dialog).queryByRole('tab', { name: 'Activity' })).toBeNull();
    expect(loads).not.toHaveBeenCalled();
  });

  it('without IntersectionObserver a "Load more" button pages; a disconnect clears the list', async () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    const api = fakeApi({ transactions: async ({ cursor }) => (cursor ? { data: [tx(3)], next: undefined } : { data: [tx(1)], next: 'c2' }) });
    const h = accountHarness({ plugins: [historyPlugin()], api });
    await h.connect();
    const dialog = await h.openAccount();
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Activity' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Load more' }));
    await settle();
    expect(within(within(dialog).getByRole('list', { name: 'Transactions' })).getAllByRole('listitem')).toHaveLength(2);
    const activity = h.kernel.get<Activity>(Activity);
    await act(() => h.kernel.connection.disconnect());
    expect(activity.state).toMatchObject({ status: 'idle', items: [] });
  });
});

describe("history plugin in the visitor's language", () => {
  it('shows the tab, the list and its rows in Spanish once the chunks have loaded', async () => {
    const api = fakeApi({ transactions: async () => ({ data: [tx(1), tx(2)], next: undefined }) });
    const h = accountHarness({ plugins: [historyPlugin()], api, options: { locale: 'es' } });
    await h.connect();
    const dialog = await h.openAccount('Cuenta');
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Actividad' }));
    const list = await within(dialog).findByRole('list', { name: 'Transacciones' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Recibido+1.123 LKD');
    expect(rows[1]!.textContent).toContain('Enviado-2.123 LKD');
    // the date in Spanish ('22 nov 2026'), the link named in Spanish
    expect(rows[0]!.textContent).toMatch(/22 nov\.? 2026/);
    expect(within(rows[0]!).getByRole('link', { name: `Transacción ${hash(1)} en Etherscan` })).toBeTruthy();
  });

  it("a failed fetch in Spanish: the typed refusal shown by its code, another cause as it says; 'Reintentar'", async () => {
    let cause: Error = new TransactionsWithoutAccountError();
    const api = fakeApi({ transactions: async () => Promise.reject(cause) });
    const h = accountHarness({ plugins: [historyPlugin()], api, options: { locale: 'es' } });
    await h.connect();
    const dialog = await h.openAccount('Cuenta');
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Actividad' }));
    expect(await within(dialog).findByText('No se pueden obtener transacciones sin una dirección de cuenta')).toBeTruthy();
    expect(within(dialog).getByText('No hay actividad que mostrar.')).toBeTruthy();
    expect(within(dialog).queryByText("Transactions can't be fetched without an accountAddress")).toBeNull();
    cause = new Error('HTTP status code: 500');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByText('HTTP status code: 500')).toBeTruthy();
  });

  it('shows the empty state in Arabic', async () => {
    const api = fakeApi({ transactions: async () => ({ data: [], next: undefined }) });
    const h = accountHarness({ plugins: [historyPlugin()], api, options: { locale: 'ar' } });
    await h.connect();
    const dialog = await h.openAccount('الحساب');
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'النشاط' }));
    expect(await within(dialog).findByText('لا يوجد نشاط بعد.')).toBeTruthy();
  });
});
