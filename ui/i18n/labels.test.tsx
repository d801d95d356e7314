/**
 * Texts declared in plugin manifests (view titles, Account tabs, wallet-feature buttons) in the
 * kernel's locale, from the manifest's `translations` chunk: loaded only for a locale other than
 * English, only declared texts taken from it, English where it has none.
 */
import { act, render, screen, within } from '@testing-library/react';
import { LatchkeyProvider } from '../react/LatchkeyProvider';
import { ConnectButton } from '../react/buttons';
import { setLocale } from './messages';
import { ADDRESS, settle, uiKernel, viewPlugin } from '../testing/render';
import type { ManifestTranslations, PluginManifest } from '../../kernel/index';

afterEach(settle);

const Panel = () => <p>panel</p>;
const Page = () => <p>page</p>;

/** A plugin with a titled view, an Account tab and a wallet-feature button; counts chunk loads. */
function bookPlugin(translations: Record<string, unknown>) {
  const plugin = viewPlugin(
    'book',
    {},
    {
      views: [
        { id: 'BookTab', title: 'Book', load: async () => ({ default: Panel }) },
        { id: 'AddressBook', title: 'Address book', load: async () => ({ default: Page }) },
      ],
      accountTabs: [{ id: 'Book', label: 'Book', view: 'BookTab' }],
      walletFeatures: [{ id: 'book', label: 'Contacts', view: 'AddressBook' }],
    },
  );
  const counted = plugin as typeof plugin & { chunkLoads: number };
  counted.chunkLoads = 0;
  return Object.assign(counted, {
    translations: async () => {
      counted.chunkLoads++;
      return { default: translations as ManifestTranslations };
    },
  }) as PluginManifest & { chunkLoads: number };
}

function openAccount(locale: string, plugin: PluginManifest) {
  const t = uiKernel({ locale }, [plugin]);
  t.kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.test.wallet' });
  render(
    <LatchkeyProvider kernel={t.kernel}>
      <ConnectButton />
    </LatchkeyProvider>,
  );
  act(() => void t.kernel.modal.open({ view: 'Account' }));
  return t.kernel;
}

const SPANISH = {
  es: { Book: 'Libreta', 'Address book': 'Libreta de direcciones', Contacts: 'Contactos' },
  fr: { Book: 'Carnet', 'Address book': "Carnet d'adresses", Contacts: 'Contacts' },
};

describe("a manifest's translations", () => {
  it("show the Account view's tab and button and the view's title in Spanish, and English again after setLocale", async () => {
    const plugin = bookPlugin(SPANISH);
    const kernel = openAccount('es', plugin);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('tab', { name: 'Libreta' }, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Contactos' })).toBeTruthy();
    act(() => kernel.router.push('AddressBook'));
    expect(await screen.findByRole('dialog', { name: 'Libreta de direcciones' })).toBeTruthy();
    act(() => setLocale(kernel, 'en'));
    expect(screen.getByRole('dialog', { name: 'Address book' })).toBeTruthy();
    act(() => setLocale(kernel, 'fr'));
    expect(await screen.findByRole('dialog', { name: "Carnet d'adresses" })).toBeTruthy();
    expect(plugin.chunkLoads).toBeGreaterThan(0);
  });

  it('are not loaded for an English visitor', async () => {
    const plugin = bookPlugin(SPANISH);
    openAccount('en', plugin);
    expect(await screen.findByRole('tab', { name: 'Book' }, { timeout: 5000 })).toBeTruthy();
    await settle();
    expect(plugin.chunkLoads).toBe(0);
  });

  it('fall back to English for a locale or a text the chunk lacks, and take nothing but declared texts as strings', async () => {
    const hostile = {
      de: {
        Book: 42,
        Contacts: 'Kontakte',
        'Address book': '<img src=x onerror=alert(1)>',
        'Connect Wallet': 'Hijacked',
        Account: 'Hijacked',
      },
    };
    const plugin = bookPlugin(hostile);
    const kernel = openAccount('de', plugin);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Kontakte' }, { timeout: 5000 })).toBeTruthy();
    // a non-string stays English; markup is shown as text, never parsed
    expect(within(dialog).getByRole('tab', { name: 'Book' })).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    // texts another part declares are not this manifest's to translate
    expect(screen.queryByText('Hijacked')).toBeNull();
    act(() => kernel.router.push('AddressBook'));
    expect(await screen.findByRole('dialog', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
    act(() => setLocale(kernel, 'ja'));
    expect(await screen.findByRole('dialog', { name: 'Address book' })).toBeTruthy();
  });

  it('keep English when the chunk fails to load', async () => {
    const plugin = bookPlugin({});
    const failing = { ...plugin, translations: () => Promise.reject(new Error('offline')) };
    openAccount('es', failing);
    expect(await screen.findByRole('tab', { name: 'Book' }, { timeout: 5000 })).toBeTruthy();
    await settle();
    expect(screen.getByRole('button', { name: 'Contacts' })).toBeTruthy();
  });
});
