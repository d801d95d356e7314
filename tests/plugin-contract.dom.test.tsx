/**
 * The plugin contract, end to end in the modal: the contacts plugin (tests/fixtures/
 * contacts-plugin), written only against the public entries, contributes a view, an
 * Account tab, a wallet-feature button, a connect method, an option and a storage scope,
 * and appears in the modal without any edit outside its folder.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createKernel, type Kernel, type PluginManifest } from 'latchkey';
import { LatchkeyProvider, ConnectButton } from 'latchkey/react';
import { OptionsValidationError } from 'latchkey/errors';
import { setLocale } from 'latchkey/ui';
import { contactsPlugin, ContactsBook } from './fixtures/contacts-plugin';
import { FakeAdapter, MemoryStorage } from '../kernel/testing/fakeAdapter';
import { evmNetwork } from '../kernel/testing/networks';

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';
const mainnet = evmNetwork(1, 'Ethereum');

function setup(options: Record<string, unknown> = {}, storage = new MemoryStorage()) {
  const adapter = new FakeAdapter('eip155', { address: ADDRESS });
  const chain: PluginManifest = { id: 'chain', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) };
  const plugin = contactsPlugin();
  const loads = jest.spyOn(plugin, 'load');
  const kernel = createKernel({
    options: { projectId: 'p', networks: [mainnet], features: { analytics: false }, contactsLimit: 2, ...options },
    plugins: [chain, plugin],
    environment: { window: undefined, document: undefined, localStorage: storage, isMobile: () => false },
  });
  kernel.connectors.add({ id: 'io.test', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {}, installed: true, info: { rdns: 'io.test' } });
  render(
    <LatchkeyProvider kernel={kernel}>
      <ConnectButton />
    </LatchkeyProvider>,
  );
  return { kernel, loads, storage };
}

const settle = () => act(async () => { for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0)); });

async function connect(kernel: Kernel) {
  await act(async () => kernel.connection.connect({ connectorId: 'io.test' }));
  await settle();
}

describe('a third-party plugin on the public API', () => {
  it('adds a connect method to the Connect view; its module loads once, when its view is first shown', async () => {
    const { loads } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByText('Your address book opens once a wallet is connected.')).toBeTruthy();
    expect(loads).toHaveBeenCalledTimes(1); // its view needs its module: loaded on first show, once
    expect(screen.getByRole('list', { name: 'Wallets' })).toBeTruthy();
  });

  it('adds a tab and a wallet-feature button to the Account view; the button opens its view, whose service keeps contacts in its storage scope', async () => {
    const { kernel, storage } = setup();
    await connect(kernel);
    act(() => void kernel.modal.open());
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    expect(within(dialog).getByRole('tab', { name: 'Contacts' })).toBeTruthy();
    expect(await within(dialog).findByText('0 contacts')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Address book' }));
    expect(await screen.findByRole('heading', { name: 'Address book' })).toBeTruthy();
    await screen.findByRole('textbox', { name: 'Name' });
    for (const [name, address] of [['Ann', '0xaaaa000000000000000000000000000000000001'], ['Bob', '0xbbbb000000000000000000000000000000000002'], ['Cy', '0xcccc000000000000000000000000000000000003']]) {
      fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: name } });
      fireEvent.change(screen.getByRole('textbox', { name: 'Address' }), { target: { value: address } });
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    }
    // contactsLimit: 2 (the option it owns) keeps the two newest
    const items = within(screen.getByRole('list', { name: 'Contacts' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Cy 0xcc…000003', 'Bob 0xbb…000002']);
    expect(kernel.get<ContactsBook>(ContactsBook).state.contacts).toHaveLength(2);
    expect([...storage.map.keys()]).toContain('@latchkey/plugin/contacts/book');
  });

  it("speaks the visitor's language: its tab, button, title and view texts from its own catalogue and translations (Spanish), English for a language it does not ship", async () => {
    const { kernel } = setup({ locale: 'es' });
    await connect(kernel);
    act(() => void kernel.modal.open());
    const dialog = await screen.findByRole('dialog', { name: 'Cuenta' });
    expect(await within(dialog).findByRole('tab', { name: 'Contactos' })).toBeTruthy();
    expect(await within(dialog).findByText('0 contactos')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Libreta de direcciones' }));
    expect(await screen.findByRole('heading', { name: 'Libreta de direcciones' })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Nombre' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Añadir' })).toBeTruthy();
    // German: the core speaks it, this plugin does not: its texts stay English
    act(() => kernel.modal.close());
    act(() => setLocale(kernel, 'de'));
    act(() => void kernel.modal.open());
    const konto = await screen.findByRole('dialog', { name: 'Konto' });
    expect(within(konto).getByRole('tab', { name: 'Contacts' })).toBeTruthy();
  });

  it('validates the option it owns when registered', () => {
    expect(() => setup({ contactsLimit: 0 })).toThrow(OptionsValidationError);
    expect(() => setup({ contactsLimit: 'many' })).toThrow('Invalid options: contactsLimit: Expected number, received string');
  });

  it('a feature flag turns every contribution off', async () => {
    const { kernel, loads } = setup({ features: { analytics: false, contacts: false } });
    await connect(kernel);
    act(() => void kernel.modal.open());
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    expect(within(dialog).queryByRole('tab', { name: 'Contacts' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Address book' })).toBeNull();
    expect(loads).not.toHaveBeenCalled();
  });
});
