import { boolean, chainList, ConfigError, EnvError, integer, json, list, port, readEnv, string, url } from './env.mjs';

/** The error a call throws (fails the test when it throws none). */
function errorOf(f: () => unknown): EnvError {
  try {
    f();
  } catch (err) {
    return err as EnvError;
  }
  throw new Error('no error thrown');
}

describe('the environment reader', () => {
  it('reads each kind, unset or blank giving the default', () => {
    const env = readEnv({ P: '8080', N: ' -3 ', B: 'Yes', U: 'https://a.example/x', L: 'a, b,,c', J: '{"x":1}', S: 'text', BLANK: '  ' });
    expect([env.port('P'), env.integer('N'), env.boolean('B'), env.url('U'), env.list('L'), env.json('J'), env.string('S')]).toEqual([8080, -3, true, 'https://a.example/x', ['a', 'b', 'c'], { x: 1 }, 'text']);
    expect([env.port('BLANK', 1), env.integer('NONE', { def: 2 }), env.boolean('NONE', false), env.list('NONE', []), env.string('NONE'), env.chains('NONE')]).toEqual([1, 2, false, [], undefined, undefined]);
    // values passed in code go through the same checks
    expect([port(0, 'port'), boolean(false, 'b'), list(['x'], 'l'), json({ a: 1 }, 'j')]).toEqual([0, false, ['x'], { a: 1 }]);
  });

  it.each([
    [() => port('x', 'WALLET_PORT'), 'WALLET_PORT: expected an integer from 0 to 65535, got "x"'],
    [() => port(70000, 'port'), 'port: expected an integer from 0 to 65535, got 70000'],
    [() => integer('1.5', 'N', { min: 1 }), 'N: expected an integer of at least 1, got "1.5"'],
    [() => integer('1e3', 'N'), 'N: expected an integer, got "1e3"'],
    [() => boolean('maybe', 'FLAG'), 'FLAG: expected 1 or 0 (true/false, yes/no, on/off), got "maybe"'],
    [() => string('0x12', 'KEY', { pattern: /^0x[0-9a-f]{64}$/, expected: '0x and 64 hex digits', secret: true }), 'KEY: expected 0x and 64 hex digits'],
    [() => url('file:///etc/passwd', 'U'), 'U: expected an http(s) URL, got "file:///etc/passwd"'],
    [() => url('http://x', 'W', { protocols: ['ws:', 'wss:'] }), 'W: expected a ws(s) URL, got "http://x"'],
    [() => url('http://u:secret@x', 'U', { credentials: false }), 'U: expected an http(s) URL without credentials, got "http://…"'],
    [() => url('not a url', 'U'), 'U: expected an http(s) URL, got "not a url"'],
    [() => list([''], 'L'), 'L: expected a comma-separated list, got [""]'],
    [() => json('{"secret": ', 'J'), 'J: expected valid JSON'],
  ])('refuses %#, naming the variable and what was expected', (f, message) => {
    const err = errorOf(f);
    expect(err).toBeInstanceOf(EnvError);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toBe(message);
    expect(err.variable).toBe(message.split(':')[0]);
  });
});

describe('the chain list', () => {
  const canonical = [
    { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
    { chainId: 1, rpcUrl: 'http://127.0.0.1:8546' },
  ];

  it('is the /config.json shape, read from an array, its JSON text or the short form', () => {
    expect(chainList('31337=http://127.0.0.1:8545, 1=http://127.0.0.1:8546', 'C')).toEqual(canonical);
    expect(chainList(JSON.stringify(canonical), 'C')).toEqual(canonical);
    expect(chainList([{ chainId: 5, rpcUrl: 'http://x', name: 'Five', nativeSymbol: 'GO' }], 'C')).toEqual([{ chainId: 5, rpcUrl: 'http://x', name: 'Five', nativeSymbol: 'GO' }]);
    expect(chainList('', 'C', { def: canonical })).toBe(canonical);
  });

  it.each([
    ['31337:http://x', 'C: expected <chainId>=<rpcUrl>[,…] or a JSON array of { chainId, rpcUrl, name? }, got "31337:http://x"'],
    ['{"chainId":1}', 'C: expected <chainId>=<rpcUrl>[,…] or a JSON array of { chainId, rpcUrl, name? }, got "{\\"chainId\\":1}"'],
    [[], 'C: expected 1 to 2 chains, got 0'],
    [[1, 2, 3], 'C: expected 1 to 2 chains, got 3'],
    [[{ chainId: 0, rpcUrl: 'http://x' }], 'C[0].chainId: expected an integer of at least 1, got 0'],
    [[{ rpcUrl: 'http://x' }], 'C[0].chainId: expected a chain id (a positive integer)'],
    [[{ chainId: 1, rpcUrl: 'ws://x' }], 'C[0].rpcUrl: expected an http(s) URL, got "ws://x"'],
    [[{ chainId: 1, rpcUrl: 'http://a' }, { chainId: 1, rpcUrl: 'http://b' }], 'C: expected each chain once, got "chain 1 twice"'],
    [[{ chainId: 1, rpcUrl: 'http://a', name: 'x'.repeat(101) }], `C[0].name: expected 1 to 100 characters, got "${'x'.repeat(100)}…"`],
    ['[1]', 'C[0]: expected an object { chainId, rpcUrl, name? }, got 1'],
  ])('refuses %p', (value, message) => {
    expect(errorOf(() => chainList(value, 'C', { max: 2 })).message).toBe(message);
  });
});
