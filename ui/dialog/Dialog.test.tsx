import { act, fireEvent, render, screen } from '@testing-library/react';
import { LatchkeyProvider } from '../react/LatchkeyProvider';
import { ConnectButton } from '../react/buttons';
import { settle, uiKernel } from '../testing/render';
import { Dialog } from './Dialog';

async function setup() {
  const t = uiKernel();
  render(
    <LatchkeyProvider kernel={t.kernel}>
      <button type="button">Before</button>
      <ConnectButton />
    </LatchkeyProvider>,
  );
  await settle(); // kernel.start() finishes
  const opener = screen.getByRole('button', { name: 'Connect Wallet' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog');
  return { ...t, opener, dialog };
}

const focusable = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('button:not([disabled]),a[href],input,[tabindex]:not([tabindex="-1"])')];

describe('Dialog (through the modal shell)', () => {
  it('is a modal dialog named by its title', async () => {
    const { dialog } = await setup();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Connect Wallet');
    expect(screen.getByRole('dialog', { name: 'Connect Wallet' })).toBe(dialog);
  });

  it('moves focus inside on open', async () => {
    const { dialog } = await setup();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(focusable(dialog)[0]);
  });

  it('wraps Tab from the last control to the first and Shift+Tab from the first to the last', async () => {
    const { dialog } = await setup();
    const items = focusable(dialog);
    expect(items.length).toBeGreaterThan(1);
    const first = items[0]!;
    const last = items[items.length - 1]!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('does not interfere with Tab between inner controls', async () => {
    const { dialog } = await setup();
    const items = focusable(dialog);
    items[0]!.focus();
    const notPrevented = fireEvent.keyDown(items[0]!, { key: 'Tab' });
    expect(notPrevented).toBe(true); // the browser moves focus itself
    expect(document.activeElement).toBe(items[0]);
  });

  it('pulls focus that escapes back inside', async () => {
    const { dialog } = await setup();
    screen.getByRole('button', { name: 'Before', hidden: true }).focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps focus inside when the focused control disappears on navigation', async () => {
    const { dialog } = await setup();
    const wallet = screen.getByRole('button', { name: 'All Wallets' });
    wallet.focus();
    fireEvent.click(wallet); // Connect view (and this button) is replaced by AllWallets
    await screen.findByRole('searchbox', { name: 'Search wallet' });
    expect(document.activeElement).not.toBe(document.body);
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes through the kernel and restores focus to the opener', async () => {
    const { kernel, dialog, opener } = await setup();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(kernel.modal.state.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape with a close guard keeps the modal open and shakes the card', async () => {
    const { kernel, dialog } = await setup();
    jest.useFakeTimers();
    try {
      kernel.modal.addCloseGuard(() => false);
      fireEvent.keyDown(dialog, { key: 'Escape' });
      expect(kernel.modal.state.open).toBe(true);
      expect(screen.getByRole('dialog').hasAttribute('data-shake')).toBe(true);
      act(() => jest.advanceTimersByTime(500));
      expect(screen.getByRole('dialog').hasAttribute('data-shake')).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('the Close button and a click on the backdrop close the modal', async () => {
    const { kernel } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(kernel.modal.state.open).toBe(false);
    act(() => void kernel.modal.open());
    fireEvent.click(screen.getByTestId('lk-backdrop'));
    expect(kernel.modal.state.open).toBe(false);
  });

  it('locks page scroll while open and restores it after', async () => {
    document.body.style.overflow = 'scroll';
    const { kernel } = await setup();
    expect(document.body.style.overflow).toBe('hidden');
    act(() => kernel.modal.close());
    expect(document.body.style.overflow).toBe('scroll');
    document.body.style.overflow = '';
  });

  it('every button inside has an accessible name', async () => {
    const { dialog } = await setup();
    for (const b of dialog.querySelectorAll('button')) {
      const name = b.getAttribute('aria-label') ?? b.textContent ?? '';
      expect(name.trim()).not.toBe('');
    }
  });

  it('focuses the dialog itself when it holds nothing focusable, and Tab keeps focus there', () => {
    const onClose = jest.fn();
    render(
      <Dialog labelledBy="t" onRequestClose={onClose}>
        <h2 id="t">Empty</h2>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Empty' });
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
