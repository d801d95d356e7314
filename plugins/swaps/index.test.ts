import { createKernel } from 'latchkey';
import { OptionsValidationError } from 'latchkey/errors';
import { swapsPlugin, validateSwapOptions } from './index';

describe('the swaps manifest', () => {
  it('contributes the Swap view and the "Swap" wallet feature (flag swaps); loads nothing up front', () => {
    const manifest = swapsPlugin();
    expect(manifest.id).toBe('swaps');
    expect(manifest.contributes?.views?.map((v) => v.id)).toEqual(['Swap']);
    expect(manifest.contributes?.walletFeatures).toEqual([{ id: 'swaps', label: 'Swap', view: 'Swap', flag: 'swaps' }]);
    expect(manifest.options?.keys).toEqual(['swapApiUrl']);
    expect(manifest.activation).toBeUndefined(); // lazy
  });

  it('owns swapApiUrl: an http(s) URL when given', () => {
    expect(validateSwapOptions({})).toEqual([]);
    expect(validateSwapOptions({ swapApiUrl: 'https://rpc.walletconnect.org' })).toEqual([]);
    expect(validateSwapOptions({ swapApiUrl: 'ftp://x' })).toEqual([{ path: 'swapApiUrl', message: 'Expected an http(s) URL' }]);
    expect(validateSwapOptions({ swapApiUrl: 42 })).toHaveLength(1);
    expect(() => createKernel({ options: { projectId: 'p', swapApiUrl: 'nope' }, plugins: [swapsPlugin()] })).toThrow(OptionsValidationError);
  });

  it('checks allowedContracts when the plugin loads: eip155 networks, lists of EVM addresses', async () => {
    const router = '0x2B574555158337Cd46d47c2Ca57E4698A1f04e70';
    await expect(swapsPlugin({ allowedContracts: { 'eip155:31337': [router], 'eip155:1': [] } }).load!()).resolves.toBeDefined();
    for (const [id, list] of [['eip155:31337', ['0x1234']], ['solana:x', [router]], ['eip155:1', router], ['eip155:1', [42]]] as const) {
      await expect(swapsPlugin({ allowedContracts: { [id]: list } as never }).load!()).rejects.toThrow(
        new TypeError(`swapsPlugin: allowedContracts['${id}'] must list EVM addresses (0x and 40 hex digits)`),
      );
    }
  });
});
