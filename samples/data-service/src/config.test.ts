import { DEFAULT_CHAINS, optionsFromEnv, parseChainsEnv, resolveConfig, type DataServiceOptions } from './config';
import { ConfigError } from './errors';

const resolve = (o: DataServiceOptions) => resolveConfig({ chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }], ...o, defaultCacheDir: '/tmp/x' });

describe('configuration', () => {
  it('has documented defaults', () => {
    const c = resolve({});
    expect(c.port).toBe(8791);
    expect(c.host).toBe('127.0.0.1');
    expect(c.database).toEqual({ kind: 'pglite', dir: 'memory' });
    expect(c.role).toBe('all');
    expect(c.projectIds).toBeNull(); // any projectId
    expect(c.corsOrigins).toEqual(new Set(['http://127.0.0.1:5173', 'http://localhost:5173']));
    expect(c.nameZones).toEqual(['latchkey.id', 'reown.id']);
    expect(c.onrampSecret).toBeNull();
    expect(c.chains[0]).toEqual({ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Chain 31337', nativeName: 'Ether', nativeSymbol: 'ETH', nativeDecimals: 18, confirmations: 0, startBlock: 0 });
    expect(c.limits.maxPageSize).toBe(100);
  });

  it('reads the environment', () => {
    const o = optionsFromEnv({
      DATA_PORT: '9000',
      DATA_CHAINS: '31337=http://127.0.0.1:8545, 1=http://127.0.0.1:8546',
      DATABASE_URL: 'postgres://u@h/db',
      DATA_PROJECT_IDS: 'a,b',
      DATA_CORS_ORIGINS: '*',
      DATA_PRICES: '{"eip155:1:native": 3000}',
      DATA_ONRAMP_SECRET: 'x'.repeat(20),
      DATA_POLL_MS: '250',
      DATA_MAX_BODY_BYTES: '4096',
      DATA_LOG: '0',
    });
    const c = resolveConfig({ ...o, defaultCacheDir: '/tmp/x' });
    expect(c.port).toBe(9000);
    expect(c.chains.map((x) => [x.chainId, x.rpcUrl])).toEqual([
      [31337, 'http://127.0.0.1:8545'],
      [1, 'http://127.0.0.1:8546'],
    ]);
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', poolSize: 10 });
    expect(c.projectIds).toEqual(new Set(['a', 'b']));
    expect(c.corsOrigins).toBe('*');
    expect(c.prices.get('eip155:1:native')).toBe(3000);
    expect(c.indexer.pollMs).toBe(250);
    expect(c.limits.maxBodyBytes).toBe(4096);
    expect(optionsFromEnv({}).chains).toEqual(DEFAULT_CHAINS);
    expect(resolve({ chains: [{ chainId: 5, rpcUrl: 'http://x', wsUrl: 'ws://x/' }] }).chains[0]!.wsUrl).toBe('ws://x');
    expect(resolve({ chains: [{ chainId: 5, rpcUrl: 'http://x' }] }).chains[0]!.wsUrl).toBeUndefined();
    expect(parseChainsEnv('[{"chainId":5,"rpcUrl":"http://x","nativeSymbol":"GO"}]')).toEqual([{ chainId: 5, rpcUrl: 'http://x', nativeSymbol: 'GO' }]);
  });

  it.each([
    [{ port: 70000 }, 'port (DATA_PORT)'],
    [{ chains: [] }, 'chains: expected 1 to 32 chains, got 0'],
    [{ chains: [{ chainId: 1, rpcUrl: 'ws://x' }] }, 'chains[0].rpcUrl: expected an http(s) URL, got "ws://x"'],
    [{ chains: [{ chainId: 1, rpcUrl: 'http://x', wsUrl: 'http://x' }] }, 'chains[0].wsUrl: expected a ws(s) URL, got "http://x"'],
    [{ chains: [{ chainId: 1, rpcUrl: 'http://a' }, { chainId: 1, rpcUrl: 'http://b' }] }, 'chains: expected each chain once, got "chain 1 twice"'],
    [{ databaseUrl: 'mysql://x' }, 'DATABASE_URL'],
    [{ role: 'boss' as never }, 'DATA_ROLE'],
    [{ projectIds: ['a b'] }, 'DATA_PROJECT_IDS'],
    [{ corsOrigins: ['http://x/path'] }, 'not an origin'],
    [{ prices: { ETH: 1 } }, 'bad key'],
    [{ prices: { 'eip155:1:native': -1 } }, 'non-negative'],
    [{ nameZones: ['bad zone'] }, 'invalid zone'],
    [{ onrampSecret: 'short' }, '16 to 256'],
    [{ spamContracts: ['0x12'] }, 'DATA_SPAM_CONTRACTS'],
    [{ limits: { maxBodyBytes: 10 } }, 'maxBodyBytes'],
  ])('refuses %p', (o, message) => {
    expect(() => resolve(o as DataServiceOptions)).toThrow(ConfigError);
    expect(() => resolve(o as DataServiceOptions)).toThrow(message);
  });

  it('refuses a malformed DATA_CHAINS and DATA_PRICES', () => {
    expect(() => parseChainsEnv('31337:http://x')).toThrow('expected <chainId>=<rpcUrl>');
    expect(() => optionsFromEnv({ DATA_PRICES: '{' })).toThrow('DATA_PRICES: expected valid JSON');
  });

  it('takes Uniswap V2 exchanges on configured chains (DATA_EXCHANGES), one per chain, with valid addresses', () => {
    const ex = { chainId: 31337, router: '0x2B574555158337Cd46d47c2Ca57E4698A1f04e70', factory: '0x98eDDadCfde04dC22a0e62119617e74a6Bc77313', weth: '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A' };
    expect(resolve({}).exchanges.size).toBe(0);
    const c = resolve(optionsFromEnv({ DATA_CHAINS: '31337=http://127.0.0.1:8545', DATA_EXCHANGES: JSON.stringify([ex]) }));
    expect(c.exchanges.get(31337)).toEqual({ chainId: 31337, router: ex.router.toLowerCase(), factory: ex.factory.toLowerCase(), weth: ex.weth.toLowerCase() });
    expect(() => resolve({ exchanges: [{ ...ex, chainId: 5 }] })).toThrow('exchanges[0] (DATA_EXCHANGES): chain 5 is not among the configured chains');
    expect(() => resolve({ exchanges: [ex, ex] })).toThrow('chain 31337 has two exchanges');
    expect(() => resolve({ exchanges: [{ ...ex, router: '0x123' }] })).toThrow('exchanges[0] (DATA_EXCHANGES).router: expected a 0x-prefixed 20-byte address');
    expect(() => resolve({ exchanges: {} as never })).toThrow(ConfigError);
    expect(() => optionsFromEnv({ DATA_EXCHANGES: '[' })).toThrow('DATA_EXCHANGES: expected valid JSON');
  });
});
