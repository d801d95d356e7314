/**
 * The modal keeps working whatever the browser's storage does: corrupt, foreign and
 * oversized values under our keys, a full quota, a storage whose every call throws, and a
 * page where reading `localStorage` itself throws. In each case a visitor opens the modal,
 * connects a wallet and disconnects.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createKernel, type PluginManifest } from 'latchkey';
import { ConnectButton, LatchkeyProvider } from 'latchkey/react';
import { FakeAdapter, MemoryStorage } from '../../kernel/testing/fakeAdapter';
import { evmNetwork } from '../../kernel/testing/networks';

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';
const mainnet = evmNetwork(1, 'Ethereum');

class QuotaStorage extends MemoryStorage {
  override setItem(): void {
    const e = new Error('The quota has been exceeded.');
    e.name = 'QuotaExceededError';
    throw e;
  }
}
const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } };

function poisoned(value: (key: string) => string): MemoryStorage {
  const s = new MemoryStorage();
  const keys = ['connectionStatus/eip155', 'connectorId/eip155', 'address/eip155', 'activeNetwork/eip155', 'activeNamespace', 'recentWallets', 'cache/nativeBalance', 'accountType:eip155', 'socialProvider'];
  for (const k of keys) s.setItem(`@latchkey/${k}`, value(k));
  return s;
}

const cases: [string, Record<string, unknown>][] = [
  ['corrupt JSON under our keys', { localStorage: poisoned(() => '{"v":') }],
  ['foreign values of the wrong shape', { localStorage: poisoned(() => JSON.stringify({ v: { evil: true, toString: 1 } })) }],
  ['values not wrapped by us', { localStorage: poisoned(() => '"connected"') }],
  ['oversized values', { localStorage: poisoned(() => JSON.stringify({ v: 'x'.repeat(600_000) })) }],
  ['a full quota', { localStorage: new QuotaStorage() }],
  ['a storage whose every call throws', { localStorage: throwing }],
  ['a page where reading localStorage throws', { window: Object.defineProperty({}, 'localStorage', { get() { throw new Error('SecurityError'); } }) }],
];

describe.each(cases)('with %s', (_label, environment) => {
  it('the modal opens, a wallet connects and disconnects', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const adapter = new FakeAdapter('eip155', { address: ADDRESS });
    const chain: PluginManifest = { id: 'chain', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) };
    const kernel = createKernel({
      options: { projectId: 'p', networks: [mainnet], features: { analytics: false } },
      plugins: [chain],
      environment: { window: undefined, document: undefined, isMobile: () => false, ...environment } as never,
    });
    kernel.connectors.add({ id: 'io.test', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {}, installed: true, info: { rdns: 'io.test' } });
    render(
      <LatchkeyProvider kernel={kernel}>
        <ConnectButton />
      </LatchkeyProvider>,
    );
    await act(async () => { for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0)); });
    // whatever was stored, the visitor starts disconnected or is restored cleanly: never stuck
    expect(['disconnected', 'connected']).toContain(kernel.account.get('eip155').status);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Test Wallet\b/ }));
    await act(async () => { for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0)); });
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: ADDRESS });
    await act(() => kernel.connection.disconnect());
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    warn.mockRestore();
  });
});
