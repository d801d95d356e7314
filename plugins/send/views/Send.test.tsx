/**
 * The send views in the modal: the Account view's "Send" button (feature flag `send`), the
 * form's fields by their accessible names, the button naming the form's first problem, the
 * review step and the final "Send".
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createKernel, type Kernel, type PluginManifest, type TransferRequest } from 'latchkey';
import { ConnectButton, LatchkeyProvider } from 'latchkey/react';
import { FakeAdapter, MemoryStorage, testAnvil } from '../../../kernel/testing/fakeAdapter';
import { CHAIN_ICONS } from 'latchkey/ui/icons';
import { sendPlugin } from '../index';

// the views' first load (viem's units, the form) takes seconds on a loaded 2-core machine
jest.setTimeout(20_000);

// jsdom lacks TextEncoder / TextDecoder (every browser has them); viem uses them.
Object.assign(globalThis, { TextEncoder: require('node:util').TextEncoder, TextDecoder: require('node:util').TextDecoder });

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

class PayingAdapter extends FakeAdapter {
  transfers: TransferRequest[] = [];
  async transfer(args: { request: TransferRequest }) {
    this.transfers.push(args.request);
    return `0x${'cd'.repeat(32)}`;
  }
  async estimateGas() {
    return 21_000n;
  }
}

/** A JSON answer in the shape the kernel's HTTP transport reads (jsdom has no Response). */
function jsonResponse(value: unknown) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let sent = false;
  const reader = {
    read: async () => (sent ? { done: true, value: undefined } : ((sent = true), { done: false, value: bytes })),
    cancel: async () => undefined,
    releaseLock: () => undefined,
  };
  return {
    ok: true,
    status: 200,
    headers: { get: (k: string) => (k.toLowerCase() === 'content-type' ? 'application/json' : null), forEach: () => undefined },
    body: { getReader: () => reader, cancel: async () => undefined },
  };
}

/** The chain's JSON-RPC, as the kernel's HTTP transport reaches it: the gas price only. */
const rpcFetch = async (_url: string, init?: RequestInit) => {
  const body = JSON.parse(String(init?.body));
  const answer = (req: { id: number; method: string }) =>
    req.method === 'eth_gasPrice' ? { jsonrpc: '2.0', id: req.id, result: '0x3b9aca00' } : { jsonrpc: '2.0', id: req.id, error: { code: -32601, message: 'no' } };
  return jsonResponse(Array.isArray(body) ? body.map(answer) : answer(body));
};

let kernel: Kernel;
afterEach(async () => {
  kernel?.snackbar.hide();
  await kernel?.stop();
});

const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
  });

async function setup(features: Record<string, boolean> = {}, locale?: string) {
  const adapter = new PayingAdapter('eip155', { address: ME, chainId: 31337, balance: '2' });
  const chain: PluginManifest = { id: 'chain', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) };
  kernel = createKernel({
    options: { projectId: 'p', networks: [testAnvil], features: { analytics: false, ...features }, ...(locale ? { locale } : {}) },
    plugins: [chain, sendPlugin()],
    environment: { window: undefined, document: undefined, localStorage: new MemoryStorage(), isMobile: () => false, fetch: rpcFetch as unknown as typeof fetch },
  });
  kernel.connectors.add({ id: 'io.test', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {}, installed: true });
  render(
    <LatchkeyProvider kernel={kernel}>
      <ConnectButton />
    </LatchkeyProvider>,
  );
  await act(async () => kernel.connection.connect({ connectorId: 'io.test' }));
  await act(async () => kernel.modal.open());
  await settle();
  return { adapter };
}

it('the feature flag turns the Send button off', async () => {
  await setup({ send: false });
  expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
});

it('sends from the Account view: Amount and Address fields, the review, the final Send', async () => {
  const { adapter } = await setup();
  const features = screen.getByRole('group', { name: 'Wallet features' });
  fireEvent.click(within(features).getByRole('button', { name: 'Send' }));
  await screen.findByRole('textbox', { name: /Amount/ }, { timeout: 10_000 });
  await settle();
  // the token chooser's button: named "Token", then what it shows (WCAG 2.5.3), the first balance chosen
  const token = screen.getByRole('button', { name: 'Token ETH 2' });
  expect(token.getAttribute('aria-haspopup')).toBe('dialog');
  // its mark: the native currency's is its network's (the local chain's here), chosen by being native, not by the symbol "ETH"
  expect(token.querySelector('img')?.getAttribute('src')).toBe(CHAIN_ICONS.local);
  expect(screen.getByText('Balance: 2 ETH')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Add Amount' })).toHaveProperty('disabled', true);
  // the Max button is named by its visible text (WCAG 2.5.3); what it does is its description
  const max = screen.getByRole('button', { name: 'Max' });
  expect(max.textContent).toBe('Max');
  expect(max.getAttribute('title')).toBe('Use the whole ETH balance');

  // the shared chooser: search, the balances with their marks, Cancel back to the form
  fireEvent.click(token);
  const chooser = screen.getByRole('dialog', { name: 'Select a token' });
  // the button says what it opens: its aria-haspopup is the role of the chooser's panel
  expect(chooser.getAttribute('role')).toBe(token.getAttribute('aria-haspopup'));
  expect(within(chooser).getAllByRole('button', { name: /^ETH / }).map((b) => b.getAttribute('aria-label'))).toEqual(['ETH Ether 2']);
  fireEvent.change(within(chooser).getByRole('textbox', { name: 'Search tokens' }), { target: { value: 'zzz' } });
  expect(within(chooser).getByText('No tokens found')).toBeTruthy();
  fireEvent.change(within(chooser).getByRole('textbox', { name: 'Search tokens' }), { target: { value: 'eth' } });
  fireEvent.click(within(chooser).getByRole('button', { name: /^ETH / }));
  // the form again, focus back on the button that opened the chooser (a keyboard user goes on from there)
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Token ETH 2' }));
  fireEvent.click(screen.getByRole('button', { name: 'Token ETH 2' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Select a token' })).getByRole('button', { name: 'Cancel' }));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Token ETH 2' }));
  const amount = screen.getByRole('textbox', { name: /Amount/ }); // the form again, after the chooser

  fireEvent.change(amount, { target: { value: '0.5' } });
  expect(screen.getByRole('button', { name: 'Add Address' })).toBeTruthy();
  fireEvent.change(screen.getByRole('textbox', { name: /Address/ }), { target: { value: '0x1234' } });
  expect(screen.getByRole('button', { name: 'Invalid Address' })).toHaveProperty('disabled', true);
  fireEvent.change(screen.getByRole('textbox', { name: /Address/ }), { target: { value: TO } });
  await settle();
  fireEvent.click(screen.getByRole('button', { name: 'Preview Send' }));
  await settle();

  expect(screen.getByTestId('send-amount').textContent).toBe('0.5 ETH');
  expect(screen.getByTestId('send-fee').textContent).toBe('0.000021 ETH');
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await settle();
  expect(adapter.transfers).toEqual([{ to: TO, amount: 500_000_000_000_000_000n }]);
  expect(screen.getByRole('status').textContent).toContain('Transaction started');
  expect(kernel.router.state.view).toBe('Account');
});

it("shows the form in the kernel's locale once the chunk has loaded (es)", async () => {
  await setup({}, 'es');
  await act(async () => kernel.router.push('Send'));
  expect(await screen.findByRole('textbox', { name: /Cantidad/ }, { timeout: 10_000 })).toBeTruthy();
  await settle();
  expect(screen.getByRole('form', { name: 'Enviar' })).toBeTruthy();
  expect(screen.getByText('Saldo: 2 ETH')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Añadir cantidad' })).toHaveProperty('disabled', true);
  expect(screen.getByRole('textbox', { name: /Dirección/ })).toHaveProperty('placeholder', 'Dirección o nombre');
});
