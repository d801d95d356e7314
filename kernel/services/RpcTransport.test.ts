import { MissingRpcUrlError, TimeoutError } from '../errors/transport';
import { HANG, fakeFetch, rpcEcho, rpcResult } from '../transport/testing/fakeFetch';
import type { CaipNetwork } from '../types';
import type { Environment } from './Environment';
import type { Options } from '../options/Options';
import type { ResolvedOptions } from '../options/types';
import { RpcTransportImpl, rpcServiceEndpoint, rpcUrlsFor } from './RpcTransport';
import { bitcoin, solana } from '../networks';
import { evmNetwork } from '../testing/networks';

const mainnet = evmNetwork(1, 'Ethereum', 'https://default.test', {
  rpcUrls: { default: { http: ['https://default.test', 'https://shared.test'] }, chainDefault: { http: ['https://shared.test'] } },
});
const single: CaipNetwork = { ...mainnet, id: 10, caipNetworkId: 'eip155:10', rpcUrls: { default: { http: ['https://op.test'] } } };

function setup(state: Partial<ResolvedOptions> = {}, handler: Parameters<typeof fakeFetch>[0] = (call) => rpcResult(call, call.url)) {
  const world = { state: { projectId: 'p1', ...state } as ResolvedOptions };
  const f = fakeFetch(handler);
  const env = { fetch: f.fetch } as Pick<Environment, 'fetch'> as Environment;
  const options = {
    get state() {
      return world.state;
    },
  } as Options;
  return { svc: new RpcTransportImpl(options, env), calls: f.calls, world };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('RpcTransportImpl', () => {
  it('orders custom URLs, the RPC service, chainDefault, then default, without duplicates', () => {
    const urls = rpcUrlsFor(mainnet, {
      customRpcUrls: { 'eip155:1': [{ url: 'https://custom.test' }, { url: 'https://default.test' }] },
      rpcServiceUrl: 'https://rpc.service/',
      projectId: 'p1',
    });
    expect(urls).toEqual([
      'https://custom.test',
      'https://default.test',
      'https://rpc.service/v1/?chainId=eip155:1&projectId=p1',
      'https://shared.test',
    ]);
    expect(rpcServiceEndpoint('http://127.0.0.1:9', 'solana:5eykt4', 'a&b')).toBe('http://127.0.0.1:9/v1/?chainId=solana:5eykt4&projectId=a%26b');
  });

  it("gives the built-in Solana and Bitcoin networks' shared RPC service URL the host's project id", () => {
    expect(rpcUrlsFor(solana, { projectId: 'p 1' })).toEqual(['https://rpc.walletconnect.org/v1/?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&projectId=p%201']);
    expect(rpcUrlsFor(bitcoin, { projectId: 'p1' })).toEqual(['https://rpc.walletconnect.org/v1/?chainId=bip122:000000000019d6689c085ae165831e93&projectId=p1']);
    // a URL that has one already, or another host's, is left as it is
    const own = { ...solana, rpcUrls: { default: { http: ['https://rpc.walletconnect.org/v1/?chainId=x&projectId=mine', 'https://sol.example/v1/?chainId=x'] } } };
    expect(rpcUrlsFor(own, { projectId: 'p1' })).toEqual(['https://rpc.walletconnect.org/v1/?chainId=x&projectId=mine', 'https://sol.example/v1/?chainId=x']);
  });

  it('uses a plain http transport when there is one URL', async () => {
    const { svc, calls } = setup();
    const t = svc.forNetwork(single);
    // Built lazily: nothing is sent (and no transport code is needed) before the first request.
    expect(calls).toHaveLength(0);
    await expect(t.request({ method: 'eth_chainId' })).resolves.toBe('https://op.test');
    await jest.advanceTimersByTimeAsync(10_000);
    // One URL: no ranking pings, just the request.
    expect(calls.map((c) => c.url)).toEqual(['https://op.test']);
  });

  it('builds a ranked fallback over several URLs, cached per network', async () => {
    const { svc, calls } = setup({ customRpcUrls: { 'eip155:1': [{ url: 'https://custom.test' }] } });
    const t = svc.forNetwork(mainnet);
    expect(svc.forNetwork(mainnet)).toBe(t);
    await expect(t.request({ method: 'eth_chainId' })).resolves.toBe('https://custom.test');
    // Ranking pings every member, in URL order, with eth_blockNumber.
    const pings = calls.filter((c) => c.body.method === 'eth_blockNumber').map((c) => c.url);
    expect(pings).toEqual(['https://custom.test', 'https://shared.test', 'https://default.test']);
    svc.dispose();
    const before = calls.length;
    await jest.advanceTimersByTimeAsync(20_000);
    expect(calls.length).toBe(before);
  });

  it('replaces the transport when the URLs change', () => {
    const { svc, world } = setup();
    const first = svc.forNetwork(single);
    world.state = { ...world.state, customRpcUrls: { 'eip155:10': [{ url: 'https://new.test' }] } };
    const second = svc.forNetwork(single);
    expect(second).not.toBe(first);
    return expect(first.request({ method: 'eth_chainId' })).rejects.toThrow('Request was aborted');
  });

  it('batch: true gives a transport of its own that sends the reads of one tick as one JSON-RPC batch', async () => {
    const { svc, calls } = setup({}, rpcEcho((method, params) => `${method}:${JSON.stringify(params)}`));
    const batched = svc.forNetwork(single, { batch: true });
    expect(svc.forNetwork(single, { batch: true })).toBe(batched);
    expect(svc.forNetwork(single)).not.toBe(batched);
    const reads = Promise.all([
      batched.request({ method: 'eth_getBalance', params: ['0x1', 'latest'] }),
      batched.request({ method: 'eth_call', params: [{ to: '0x2', data: '0x313ce567' }, 'latest'] }),
      batched.request({ method: 'eth_call', params: [{ to: '0x2', data: '0x95d89b41' }, 'latest'] }),
    ]);
    await jest.advanceTimersByTimeAsync(1);
    await expect(reads).resolves.toEqual([
      'eth_getBalance:["0x1","latest"]',
      'eth_call:[{"to":"0x2","data":"0x313ce567"},"latest"]',
      'eth_call:[{"to":"0x2","data":"0x95d89b41"},"latest"]',
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.map((b: { method: string }) => b.method)).toEqual(['eth_getBalance', 'eth_call', 'eth_call']);
    // The plain transport of the same network sends each read on its own.
    await expect(svc.forNetwork(single).request({ method: 'eth_chainId' })).resolves.toBe('eth_chainId:[]');
    expect(calls).toHaveLength(2);
    expect(Array.isArray(calls[1]!.body)).toBe(false);
    svc.dispose();
  });

  it('throws when a network has no URL', () => {
    const { svc } = setup();
    expect(() => svc.forNetwork({ ...single, rpcUrls: { default: { http: [] } } })).toThrow(MissingRpcUrlError);
  });

  it('ends a call over hung RPC URLs at one 20 s deadline (not 4 passes × every URL × 10 s)', async () => {
    const { svc, calls } = setup({}, () => HANG);
    const t = svc.forNetwork(mainnet);
    let done = false;
    const p = t.request({ method: 'eth_getBalance', params: ['0x1', 'latest'] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    void p.finally(() => (done = true));
    await jest.advanceTimersByTimeAsync(19_999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const err = (await p) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect([err.scope, err.timeout]).toEqual(['call', 20_000]);
    // The first URL to its 10 s timeout, then the second for the 10 s left; no further pass.
    const reads = calls.filter((c) => c.body.method === 'eth_getBalance').map((c) => c.url);
    expect(reads).toEqual(['https://shared.test', 'https://default.test']);
    svc.dispose();
  });
});
