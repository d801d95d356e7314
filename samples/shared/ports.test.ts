import { assertDistinctPorts, defaultStackChains, localOrigins, localUrl, PORT_ENV, PORTS, STACK_CHAINS } from './ports.mjs';

describe('the ports of the local stack', () => {
  it('are the table of STACK.md (a contract: a change starts there)', () => {
    // one row per line of STACK.md: default port and the variable that moves it
    expect(Object.fromEntries(Object.entries(PORTS).map(([k, port]) => [k, [port, PORT_ENV[k as keyof typeof PORTS]]]))).toEqual({
      demo: [5173, 'PORT'],
      anvil31337: [8545, 'ANVIL_PORT_1'],
      anvil1: [8546, 'ANVIL_PORT_2'],
      relay: [8787, 'RELAY_PORT'],
      wallet: [8790, 'WALLET_PORT'],
      data: [8791, 'DATA_PORT'],
      oidc: [8792, 'WALLET_OIDC_PORT'],
      onramp: [8793, 'ONRAMP_PORT'],
      solana: [8899, 'SOLANA_PORT'],
      solanaWs: [8900, 'SOLANA_WS_PORT'],
      nextApp: [3000, 'NEXT_APP_PORT'],
      bundler: [4337, 'BUNDLER_PORT'],
    });
    expect(new Set(Object.values(PORTS)).size).toBe(Object.keys(PORTS).length);
    expect(PORTS.solanaWs).toBe(PORTS.solana + 1);
    expect(Object.isFrozen(PORTS)).toBe(true);
  });

  it('give the chains of /config.json and the local URLs', () => {
    expect(STACK_CHAINS.map((c) => [c.chainId, c.env])).toEqual([[31337, 'ANVIL_PORT_1'], [1, 'ANVIL_PORT_2']]);
    expect(defaultStackChains()).toEqual([
      { chainId: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545' },
      { chainId: 1, name: 'Ethereum (local)', rpcUrl: 'http://127.0.0.1:8546' },
    ]);
    expect(localUrl(PORTS.relay, 'ws')).toBe('ws://127.0.0.1:8787');
    expect(localOrigins(PORTS.demo)).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173']);
  });

  it('two parts on one port: refused before anything starts, naming both settings', () => {
    expect(() => assertDistinctPorts([['PORT', 5173], ['RELAY_PORT', 8787]])).not.toThrow();
    expect(() => assertDistinctPorts([['SOLANA_PORT', 47304], ['SOLANA_PORT + 1 (its WebSocket)', 47305], ['WALLET_PORT', 47305]])).toThrow(
      'SOLANA_PORT + 1 (its WebSocket) and WALLET_PORT are both port 47305: give each part of the stack its own port',
    );
  });
});
