/**
 * The provider rules of docs/account-features.md#on-ramp and each provider's checkout URL: Coinbase on its eight
 * networks with fallback ethereum and eip155 only, Meld on eip155 and solana, fee 1-2 %, the
 * host's providers by namespace and network, no provider outside eip155 and solana; the
 * option's validation.
 */
import {
  COINBASE_NOT_SET_UP,
  DEFAULT_FEE_RANGE,
  checkoutUrl,
  coinbaseNetwork,
  coinbaseUrl,
  feeText,
  meldCurrencyCode,
  meldUrl,
  parseAmount,
  parseAsset,
  providersFor,
  type CheckoutRequest,
} from './providers';
import { validateOnrampOptions } from './options';

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SOL = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96';
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const evm = (caipNetworkId: `eip155:${number}`, extra: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  address: EVM,
  namespace: 'eip155',
  caipNetworkId,
  asset: 'ETH',
  ...extra,
});
const sol: CheckoutRequest = { address: SOL, namespace: 'solana', caipNetworkId: SOLANA_MAINNET, asset: 'SOL' };
const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('Coinbase', () => {
  it.each([
    [1, 'ethereum'],
    [42161, 'arbitrum'],
    [137, 'polygon'],
    [80094, 'berachain'],
    [43114, 'avalanche-c-chain'],
    [10, 'optimism'],
    [42220, 'celo'],
    [8453, 'base'],
    [31337, 'ethereum'],
    [56, 'ethereum'],
  ])('names chain %i %s (fallback ethereum)', (id, name) => {
    expect(coinbaseNetwork(`eip155:${id}`)).toBe(name);
  });

  it('builds the app-id URL with the address on every Coinbase network, the asset, the default network and the redirect', () => {
    const url = coinbaseUrl(evm('eip155:8453', { amount: '0.25', redirectUrl: 'https://dapp.example/' }), { appId: 'app-1' });
    expect(url.startsWith('https://pay.coinbase.com/buy/select-asset?')).toBe(true);
    expect(params(url)).toEqual({
      appId: 'app-1',
      addresses: JSON.stringify({ [EVM]: ['ethereum', 'arbitrum', 'polygon', 'berachain', 'avalanche-c-chain', 'optimism', 'celo', 'base'] }),
      assets: '["ETH"]',
      defaultNetwork: 'base',
      defaultAsset: 'ETH',
      presetCryptoAmount: '0.25',
      defaultExperience: 'buy',
      partnerUserId: EVM.slice(0, 49),
      redirectUrl: 'https://dapp.example/',
    });
  });

  it('with a session token, sends the token instead of the app id and addresses', () => {
    const p = params(coinbaseUrl(evm('eip155:31337'), { sessionToken: 'tok&en' }));
    expect(p).toMatchObject({ sessionToken: 'tok&en', defaultNetwork: 'ethereum' });
    expect(p).not.toHaveProperty('appId');
    expect(p).not.toHaveProperty('addresses');
  });
});

describe('Meld', () => {
  it.each([
    ['ETH', 'eip155:1', 'ETH_ETHEREUM'],
    ['usdc', 'eip155:8453', 'USDC_BASE'],
    ['SOL', SOLANA_MAINNET, 'SOL_SOLANA'],
    ['ETH', 'eip155:31337', 'ETH'],
  ] as const)('%s on %s is %s', (asset, network, code) => {
    expect(meldCurrencyCode(asset, network)).toBe(code);
  });

  it('builds the widget URL with the wallet address, the currency, the project and the redirect', () => {
    const url = meldUrl({ ...sol, projectId: 'p1', redirectUrl: 'https://dapp.example/' }, { publicKey: 'pk' });
    expect(url.startsWith('https://meldcrypto.com/?')).toBe(true);
    expect(params(url)).toEqual({
      publicKey: 'pk',
      transactionType: 'BUY',
      destinationCurrencyCode: 'SOL_SOLANA',
      walletAddress: SOL,
      externalCustomerId: 'p1',
      redirectUrl: 'https://dapp.example/',
    });
  });
});

describe('host providers', () => {
  const local = { id: 'local', name: 'Local on-ramp', checkoutUrl: 'http://127.0.0.1:8793/checkout?theme=dark' };

  it('keep their own query and get address, network, asset, amount and redirect, encoded', () => {
    const url = checkoutUrl(local, evm('eip155:31337', { asset: 'ETH', amount: '0.1', redirectUrl: 'http://127.0.0.1:5173/?a=1&b=2' }));
    expect(url.startsWith('http://127.0.0.1:8793/checkout?')).toBe(true);
    expect(params(url)).toEqual({ theme: 'dark', address: EVM, network: 'eip155:31337', asset: 'ETH', amount: '0.1', redirectUrl: 'http://127.0.0.1:5173/?a=1&b=2' });
  });
});

describe('providersFor: the network and namespace rules', () => {
  const names = (req: CheckoutRequest, ...rest: Parameters<typeof providersFor> extends [unknown, ...infer R] ? R : never) =>
    providersFor(req, ...rest).map((p) => p.name);

  it('lists Coinbase and Meld on eip155, fee 1-2 %, then the host providers that sell there', () => {
    const plans = providersFor(evm('eip155:1'), { coinbase: { appId: 'a' } }, [
      { id: 'local', name: 'Local on-ramp', checkoutUrl: 'http://127.0.0.1:8793/checkout' },
      { id: 'sol-only', name: 'Sol only', checkoutUrl: 'https://s.example/', namespaces: ['solana'] },
      { id: 'base-only', name: 'Base only', checkoutUrl: 'https://b.example/', networks: ['eip155:8453'] },
    ]);
    expect(plans.map((p) => [p.name, p.feeRange])).toEqual([
      ['Coinbase', DEFAULT_FEE_RANGE],
      ['Meld', DEFAULT_FEE_RANGE],
      ['Local on-ramp', undefined],
    ]);
    expect(feeText(DEFAULT_FEE_RANGE)).toBe('1-2%');
    expect(feeText({ min: 0, max: 0 })).toBe('0%');
    expect(params(plans[0]!.build!() as string).defaultNetwork).toBe('ethereum');
  });

  it('on solana: Meld (not Coinbase) and the host providers selling on solana', () => {
    expect(names(sol, {}, [{ id: 'sol-only', name: 'Sol only', checkoutUrl: 'https://s.example/', namespaces: ['solana'] }, { id: 'evm', name: 'Evm', checkoutUrl: 'https://e.example/' }])).toEqual(['Meld', 'Sol only']);
  });

  it('nothing outside eip155 and solana, even for a host provider claiming it', () => {
    const btc: CheckoutRequest = { address: 'tb1q…', namespace: 'bip122', caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba', asset: 'BTC' };
    expect(providersFor(btc, {}, [{ id: 'x', name: 'X', checkoutUrl: 'https://x.example/', namespaces: ['bip122' as never] }])).toEqual([]);
  });

  it('Coinbase without an app id or a session getter is listed but cannot open; false leaves a provider out', async () => {
    const [coinbase] = providersFor(evm('eip155:10'), {});
    expect(coinbase).toMatchObject({ name: 'Coinbase', build: undefined, reason: COINBASE_NOT_SET_UP });
    expect(names(evm('eip155:10'), { coinbase: false, meld: false })).toEqual([]);
    const getter = jest.fn(async () => 'session-1');
    const [withSession] = providersFor(evm('eip155:10'), { coinbase: { sessionToken: getter } });
    expect(params(await withSession!.build!()).sessionToken).toBe('session-1');
    expect(getter).toHaveBeenCalledWith({ addresses: [{ address: EVM, blockchains: expect.arrayContaining(['optimism', 'base']) }], assets: ['ETH'] });
  });
});

describe('inputs', () => {
  it('takes plausible asset symbols and positive decimal amounts only', () => {
    expect(['ETH', 'USDC.e', 'sol'].map(parseAsset)).toEqual(['ETH', 'USDC.e', 'sol']);
    expect(['', '<b>', 'A'.repeat(17), 42, '.ETH'].map(parseAsset)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(['0.1', '10', '1.000000000000000001'].map(parseAmount)).toEqual(['0.1', '10', '1.000000000000000001']);
    expect(['0', '0.0', '-1', '1e3', '01', '1.', ' 1', 1].map(parseAmount)).toEqual(Array(8).fill(undefined));
  });

  it('validates onrampProviders', () => {
    expect(validateOnrampOptions({})).toEqual([]);
    expect(validateOnrampOptions({ onrampProviders: [{ id: 'local', name: 'Local on-ramp', checkoutUrl: 'http://127.0.0.1:8793/checkout', feeRange: { min: 0, max: 0 } }] })).toEqual([]);
    expect(validateOnrampOptions({ onrampProviders: 'x' })).toEqual([{ path: 'onrampProviders', message: 'Expected a list of at most 16 providers' }]);
    expect(
      validateOnrampOptions({
        onrampProviders: [
          { id: 'meld', name: 'Fake Meld', checkoutUrl: 'https://m.example/' },
          { id: 'Bad Id', name: '', checkoutUrl: 'javascript:alert(1)', namespaces: ['bip122'], feeRange: { min: 3, max: 1 }, iconUrl: 'ftp://x' },
          { id: 'ok', name: 'Ok', checkoutUrl: 'https://user:pw@o.example/', networks: ['solana:abc'] },
        ],
      }).map((i) => i.path),
    ).toEqual([
      'onrampProviders.0.id',
      'onrampProviders.1.id',
      'onrampProviders.1.name',
      'onrampProviders.1.checkoutUrl',
      'onrampProviders.1.namespaces',
      'onrampProviders.1.feeRange',
      'onrampProviders.1.iconUrl',
      'onrampProviders.2.checkoutUrl',
      'onrampProviders.2.networks',
    ]);
  });
});
