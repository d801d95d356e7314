/** @jest-environment node */
import { renderToString } from 'react-dom/server';
import { LatchkeyProvider, LatchkeyModal, ConnectButton, AccountButton, NetworkButton } from './index';
import { testKernel } from '../../kernel/testing/fakeAdapter';

describe('server rendering', () => {
  it('imports and renders to a string without window or document', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const { kernel } = testKernel();
    const start = jest.spyOn(kernel, 'start');
    const html = renderToString(
      <LatchkeyProvider kernel={kernel}>
        <ConnectButton />
        <AccountButton />
        <NetworkButton />
      </LatchkeyProvider>,
    );
    expect(html).toContain('Connect Wallet');
    expect(html).toContain('Ethereum');
    expect(html).not.toContain('role="dialog"'); // the modal mounts after an effect
    expect(start).not.toHaveBeenCalled(); // effects do not run on the server
    // A strict CSP blocks style attributes in HTML: theme variables are set through CSSOM after hydration.
    expect(html).not.toContain('style=');
  });

  it('renders an open modal placed by the host (embedded mode) on the server', () => {
    const { kernel } = testKernel({ enableEmbedded: true });
    const html = renderToString(
      <LatchkeyProvider kernel={kernel}>
        <LatchkeyModal />
      </LatchkeyProvider>,
    );
    expect(html).toContain('Connect Wallet');
    expect(html).toContain('Test Wallet');
    expect(html).not.toContain('style=');
  });
});
