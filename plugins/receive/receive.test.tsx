import { fireEvent, screen, within } from '@testing-library/react';
import { ACCOUNT, accountHarness, settle } from '../../tests/support/accountHarness';
import { gridFromSquaresPath, pixelsOfGrid, readQr } from '../../tests/support/qr';
import { receivePlugin } from './index';

// jsdom lacks TextEncoder/TextDecoder (every browser has them): the QR encoder and the test reader use them.
Object.assign(globalThis, { TextEncoder: require('node:util').TextEncoder, TextDecoder: require('node:util').TextDecoder });

describe('receive plugin', () => {
  it('"Receive" opens the address, a QR code that decodes to it, copy, and the networks it is valid on', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const h = accountHarness({ plugins: [receivePlugin()] });
    await h.connect();
    const dialog = await h.openAccount();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Receive' }));
    expect(await screen.findByRole('heading', { name: 'Receive' })).toBeTruthy();
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('aria-label')).toBe('QR code of your address 0xf3…b92266');
    // Read back by an independent reader: the module grid drawn, quiet zone excluded.
    const [, , box] = qr.getAttribute('viewBox')!.split(' ').map(Number);
    const path = qr.querySelector('path')!.getAttribute('d')!;
    expect(readQr(pixelsOfGrid(gridFromSquaresPath(path, box! - 8)))).toBe(ACCOUNT);
    expect(screen.getByTestId('receive-address').textContent).toBe(ACCOUNT);
    const networks = within(screen.getByRole('list', { name: 'Networks for this address' })).getAllByRole('listitem');
    expect(networks.map((li) => li.textContent)).toEqual(['Ethereum', 'Anvil']);
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith(ACCOUNT);
    expect(h.kernel.snackbar.state.message).toBe('Address copied');
  });

  it("the 'receive' flag turns the button off", async () => {
    const h = accountHarness({ plugins: [receivePlugin()], options: { features: { analytics: false, receive: false } } });
    await h.connect();
    const dialog = await h.openAccount();
    await settle();
    expect(within(dialog).queryByRole('button', { name: 'Receive' })).toBeNull();
  });
});

describe("receive plugin in the visitor's language", () => {
  it('opens from its Spanish button with a Spanish title, QR label, copy and network list', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const h = accountHarness({ plugins: [receivePlugin()], options: { locale: 'es' } });
    await h.connect();
    const dialog = await h.openAccount('Cuenta');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Recibir' }));
    expect(await screen.findByRole('heading', { name: 'Recibir' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Código QR de tu dirección 0xf3…b92266' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Redes de esta dirección' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar dirección' }));
    await settle();
    expect(h.kernel.snackbar.state.message).toBe('Dirección copiada');
  });

  it('shows its Arabic texts', async () => {
    const h = accountHarness({ plugins: [receivePlugin()], options: { locale: 'ar' } });
    await h.connect();
    const dialog = await h.openAccount('الحساب');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'استلام' }));
    expect(await screen.findByRole('button', { name: 'نسخ العنوان' })).toBeTruthy();
    expect(screen.getByText('أرسل إلى هذا العنوان أصولًا على هذه الشبكات فقط:')).toBeTruthy();
  });
});
