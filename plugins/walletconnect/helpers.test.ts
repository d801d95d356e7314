import { parseCaipNetworkId, type CaipNetwork } from '../../kernel/index';
import { bitcoin, solana } from '../../kernel/networks';
import {
  BITCOIN_SESSION_METHODS,
  EVM_SESSION_METHODS,
  SESSION_EVENTS,
  SOLANA_SESSION_METHODS,
  buildNamespaces,
} from './sessionNamespaces';
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS, isPairingExpired, msUntilExpired, pairingExpiry, reusesPairing, shouldReusePairing } from './pairing';
import { deepLink, hasDeepLink } from './deepLink';
import { evmNetwork } from '../../kernel/testing/networks';

const evm = (id: number, rpc: string): CaipNetwork => evmNetwork(id, `Chain ${id}`, rpc);

describe('buildNamespaces (docs/connection.md#session-methods)', () => {
  it('gives each namespace its fixed method list, both events, the configured chains and an rpcMap from their RPC URLs', () => {
    const ns = buildNamespaces([evm(31337, 'http://127.0.0.1:8545'), evm(1, 'http://127.0.0.1:8546'), solana, bitcoin]);
    expect(Object.keys(ns)).toEqual(['eip155', 'solana', 'bip122']);
    expect(ns['eip155']).toEqual({
      methods: [
        'eth_accounts',
        'eth_requestAccounts',
        'eth_sendTransaction',
        'eth_signTransaction',
        'personal_sign',
        'eth_signTypedData',
        'eth_signTypedData_v3',
        'eth_signTypedData_v4',
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'wallet_watchAsset',
        'wallet_sendCalls',
        'wallet_getCallsStatus',
        'wallet_getCapabilities',
        'wallet_grantPermissions',
        'wallet_revokePermissions',
        'wallet_getAssets',
      ],
      events: ['accountsChanged', 'chainChanged'],
      chains: ['eip155:31337', 'eip155:1'],
      rpcMap: { '31337': 'http://127.0.0.1:8545', '1': 'http://127.0.0.1:8546' },
    });
    expect(ns['solana']!.methods).toEqual([
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction',
      'solana_requestAccounts',
      'solana_getAccounts',
    ]);
    expect(ns['solana']!.chains).toEqual([solana.caipNetworkId]);
    expect(ns['solana']!.rpcMap[parseCaipNetworkId(solana.caipNetworkId).chainId]).toBe(solana.rpcUrls.default.http[0]);
    expect(ns['bip122']!.methods).toEqual(['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses']);
    expect(ns['bip122']!.events).toEqual(['accountsChanged', 'chainChanged']);
  });

  it('prefers customRpcUrls, lists a chain once, and leaves out namespaces without a method list', () => {
    const polkadot = { ...evm(5, 'http://x'), caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', chainNamespace: 'polkadot' } as unknown as CaipNetwork;
    const ns = buildNamespaces([evm(1, 'http://a'), evm(1, 'http://b'), polkadot], { 'eip155:1': [{ url: 'http://custom' }] });
    expect(Object.keys(ns)).toEqual(['eip155']);
    expect(ns['eip155']!.chains).toEqual(['eip155:1']);
    expect(ns['eip155']!.rpcMap).toEqual({ '1': 'http://custom' });
  });

  it('returns fresh arrays (a caller may not change the shared lists)', () => {
    const ns = buildNamespaces([evm(1, 'http://a')]);
    ns['eip155']!.methods.push('x');
    expect(EVM_SESSION_METHODS).not.toContain('x');
    expect(SESSION_EVENTS).toHaveLength(2);
    expect(SOLANA_SESSION_METHODS).toHaveLength(6);
    expect(BITCOIN_SESSION_METHODS).toHaveLength(4);
  });
});

describe('pairing expiry (4 minutes, expired within 10 s)', () => {
  const t0 = 1_700_000_000_000;
  it('a link lives 4 minutes and counts as expired from 10 s before', () => {
    expect(PAIRING_LIFETIME_MS).toBe(240_000);
    expect(PAIRING_EXPIRY_MARGIN_MS).toBe(10_000);
    const expiry = pairingExpiry(t0);
    expect(expiry).toBe(t0 + 240_000);
    expect(isPairingExpired(expiry, t0)).toBe(false);
    expect(isPairingExpired(expiry, expiry - 10_001)).toBe(false);
    expect(isPairingExpired(expiry, expiry - 10_000)).toBe(true);
    expect(isPairingExpired(expiry, expiry + 1)).toBe(true);
    expect(isPairingExpired(undefined, t0)).toBe(true);
    expect(msUntilExpired(expiry, t0)).toBe(230_000);
    expect(msUntilExpired(expiry, expiry)).toBe(0);
  });

  const env = (o: Partial<Record<'isMobile' | 'isTelegram' | 'isIos' | 'isSafari', boolean>>) => ({
    isMobile: () => o.isMobile ?? false,
    isTelegram: () => o.isTelegram ?? false,
    isIos: () => o.isIos ?? false,
    isSafari: () => o.isSafari ?? false,
  });

  it('reuses an unexpired pairing only on mobile in Telegram or iOS Safari', () => {
    expect(reusesPairing(env({ isMobile: true, isTelegram: true }))).toBe(true);
    expect(reusesPairing(env({ isMobile: true, isIos: true, isSafari: true }))).toBe(true);
    expect(reusesPairing(env({ isMobile: true, isIos: true }))).toBe(false); // iOS, another browser
    expect(reusesPairing(env({ isMobile: true, isSafari: true }))).toBe(false); // Safari, not iOS
    expect(reusesPairing(env({ isTelegram: true }))).toBe(false); // Telegram desktop
    expect(reusesPairing(env({ isMobile: true }))).toBe(false);
    const expiry = pairingExpiry(t0);
    const ios = env({ isMobile: true, isIos: true, isSafari: true });
    expect(shouldReusePairing(ios, expiry, expiry - 10_001)).toBe(true);
    expect(shouldReusePairing(ios, expiry, expiry - 10_000)).toBe(false);
    expect(shouldReusePairing(env({ isMobile: true }), expiry, t0)).toBe(false);
  });
});

describe('deepLink', () => {
  const uri = 'wc:abc@2?relay-protocol=irn&symKey=0f&expiryTimestamp=1';
  it('universal links: https base + wc?uri=<encoded>', () => {
    expect(deepLink({ mobileLink: 'https://metamask.app.link/' }, uri)).toBe(`https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}`);
    expect(deepLink({ mobileLink: 'https://link.trustwallet.com' }, uri)).toBe(`https://link.trustwallet.com/wc?uri=${encodeURIComponent(uri)}`);
    expect(deepLink({ mobileLink: 'rainbow://', universalLink: 'https://rnbwapp.com/' }, uri)).toBe(`https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}`);
  });
  it('custom schemes: scheme:// + wc?uri=<encoded>', () => {
    expect(deepLink({ mobileLink: 'metamask://' }, uri)).toBe(`metamask://wc?uri=${encodeURIComponent(uri)}`);
    expect(deepLink({ mobileLink: 'trust:' }, uri)).toBe(`trust://wc?uri=${encodeURIComponent(uri)}`);
    expect(deepLink({ mobileLink: 'zerion' }, uri)).toBe(`zerion://wc?uri=${encodeURIComponent(uri)}`);
    expect(deepLink({}, uri)).toBeUndefined();
  });
  it('the whole URI is one encoded parameter (its & and = do not leak)', () => {
    const link = deepLink({ mobileLink: 'https://w.example/' }, uri)!;
    expect(new URL(link).searchParams.get('uri')).toBe(uri);
    expect([...new URL(link).searchParams.keys()]).toEqual(['uri']);
  });
  it.each([
    'javascript:alert(1)//',
    'javascript:alert(1)',
    'JAVASCRIPT://%0aalert(1)',
    'java\tscript:alert(1)//',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'blob:https://evil.example/x',
    'about:blank',
  ])('a hostile link (%s) gives no link, whether mobile or universal', (bad) => {
    expect(deepLink({ mobileLink: bad }, uri)).toBeUndefined();
    expect(deepLink({ universalLink: bad }, uri)).toBeUndefined();
    expect(hasDeepLink({ mobileLink: bad, universalLink: bad })).toBe(false);
    // A hostile universal link does not hide a good scheme.
    expect(deepLink({ universalLink: bad, mobileLink: 'rainbow://' }, uri)).toBe(`rainbow://wc?uri=${encodeURIComponent(uri)}`);
  });
});

describe("walletConnectLogger: WalletConnect's log, quiet for a visitor's rejection (issue 8)", () => {
  it('prints error and fatal, drops lower levels and every form of a user rejection; children share the rules', () => {
    const { walletConnectLogger, isRejectionLog } = jest.requireActual('./logger') as typeof import('./logger');
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const logger = walletConnectLogger();
      const child = logger.child({ context: 'core/relayer' });
      child.warn('Relayer disconnected');
      child.info('Relayer connected');
      logger.error(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
      logger.error({ code: 5000, message: 'User disapproved requested methods' });
      logger.error('User rejected the request.');
      expect(error).not.toHaveBeenCalled();
      child.error(new Error('Failed to publish payload'), 'publish');
      logger.fatal('Fatal socket error');
      // a late message for a topic already deleted (a pairing dropped on purpose) is not an error
      child.error('No matching key. keychain: 015c4b891dc59b58326bcececacf5b7e5b41c08509ba6eaf00536c18a055e81a');
      logger.error(new Error("No matching key. session topic doesn't exist: 0x01"));
      expect(error.mock.calls.map((c) => c[0])).toEqual(['[latchkey] core/relayer:', '[latchkey] WalletConnect:']);
      expect(warn).not.toHaveBeenCalled();
      logger.level = 'warn';
      logger.child({}).warn('stalled');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(isRejectionLog([{ data: { originalError: { code: 4001 } } }])).toBe(true);
      expect(isRejectionLog(['Relayer disconnected', { code: -32603 }])).toBe(false);
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
  });
});
