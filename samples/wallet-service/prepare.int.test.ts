/**
 * What you see is what you sign, at the API: /v1/wallet/prepare and /v1/wallet/sign against the real
 * service (child process, PGlite in memory) and anvil, driven as the frame drives them. Proves that
 * aliases and page nonces are refused, a page fee far above the chain's is refused (at prepare, and
 * again at sign), what is sent equals what prepare returned, calls are decoded with the token's units
 * read from the chain, and the simulation reports transfers and reverts.
 */
import {
  createPublicClient,
  encodeFunctionData,
  getAddress,
  http,
  maxUint256,
  parseEther,
  parseGwei,
  parseUnits,
  recoverTypedDataAddress,
  toFunctionSelector,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import type { Prepared, PreparedTx } from './shared/prepared';
import { startAnvil, type Anvil } from './testing/anvil';
import { FrameClient, startServiceProcess, type ServiceProcess } from './testing/service';
import { deployTestToken, TOKEN_ABI, type TestToken } from './testing/token';

const ORIGIN = 'http://127.0.0.1:5998';
const PROJECT = { projectId: 'prepare-test', origin: ORIGIN };
const ATTACKER: Address = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0';
const FRIEND: Address = '0x000000000000000000000000000000000000bEEF';

let anvil: Anvil;
let service: ServiceProcess;
let chain: PublicClient;
let token: TestToken;
let c: FrameClient;
let me: Address;

const approveData = (spender: Address, amount: bigint) => encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [spender, amount] });
const transferData = (to: Address, amount: bigint) => encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [to, amount] });
const prepare = (method: string, params: unknown[]) => c.call<{ prepared: Prepared }>('/v1/wallet/prepare', { chainId: 31337, method, params }).then((r) => r.prepared);
const sign = (prepared: Prepared, params: readonly unknown[] = prepared.params) => c.call('/v1/wallet/sign', { chainId: 31337, method: prepared.method, params }).then((r) => r.result);
const nonce = () => chain.getTransactionCount({ address: me, blockTag: 'pending' });
const txOf = (p: Prepared) => p.params[0] as PreparedTx & Record<string, unknown>;
const details = (p: Prepared) => {
  if (p.details.kind !== 'transactions') throw new Error(`expected transactions, got ${p.details.kind}`);
  return p.details;
};

beforeAll(async () => {
  anvil = await startAnvil(31337);
  [service, token] = await Promise.all([
    startServiceProcess({
      WALLET_DEV: '1',
      WALLET_DATA_DIR: ':memory:',
      WALLET_PROJECTS: JSON.stringify([{ projectId: PROJECT.projectId, origins: [ORIGIN] }]),
      WALLET_CHAINS: JSON.stringify([{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.url }]),
      WALLET_LOG: '0',
    }),
    deployTestToken(anvil.url),
  ]);
  chain = createPublicClient({ transport: http(anvil.url) }) as PublicClient;
  c = await FrameClient.create(service.url);
  me = (await c.emailLogin('prepare@example.com', PROJECT)).user.address as Address;
  await token.give(me, '500');
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await anvil?.stop();
}, 30_000);

describe('prepare, then sign exactly that', () => {
  it('fills gas, fees and nonce from the chain, and sends exactly the prepared transaction', async () => {
    const p = await prepare('eth_sendTransaction', [{ from: me, to: FRIEND, value: '0x2386f26fc10000' }]);
    const tx = txOf(p);
    const block = await chain.getBlock();
    const tip = await chain.request({ method: 'eth_maxPriorityFeePerGas' } as never).then((v) => BigInt(v as string));
    expect(tx).toMatchObject({ from: me, to: FRIEND, value: '0x2386f26fc10000', data: '0x', gas: '0x5208', nonce: `0x${(await nonce()).toString(16)}`, chainId: '0x7a69', type: '0x2' });
    // the service's own price: 2 × the next base fee + the chain's tip
    const history = await chain.getFeeHistory({ blockCount: 1, rewardPercentiles: [50] });
    expect(BigInt(tx.maxFeePerGas!)).toBe(2n * history.baseFeePerGas.at(-1)! + tip);
    expect(block.baseFeePerGas).not.toBeNull();
    const d = details(p);
    expect(d.fees.maxNetworkFee).toBe((21000n * BigInt(tx.maxFeePerGas!)).toString());
    expect(d.fees.total).toBe((parseEther('0.01') + 21000n * BigInt(tx.maxFeePerGas!)).toString());
    expect(d.simulation).toMatchObject({ status: 'ok', traced: true, nativeChange: (-parseEther('0.01')).toString(), transfers: [] });
    expect(d.intents).toEqual([{ kind: 'send' }]);

    const hash = (await sign(p)) as Hex;
    const sent = await chain.getTransaction({ hash });
    expect({ to: sent.to && getAddress(sent.to), value: sent.value, input: sent.input, gas: sent.gas, nonce: sent.nonce, maxFeePerGas: sent.maxFeePerGas, maxPriorityFeePerGas: sent.maxPriorityFeePerGas, type: sent.type }).toEqual({
      to: FRIEND,
      value: BigInt(tx.value),
      input: tx.data,
      gas: BigInt(tx.gas),
      nonce: Number(BigInt(tx.nonce)),
      maxFeePerGas: BigInt(tx.maxFeePerGas!),
      maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas!),
      type: 'eip1559',
    });
  });

  it('refuses `input` (instead of or beside `data`), gasLimit, a page nonce and unknown fields; nothing is sent', async () => {
    const before = await nonce();
    const hidden = approveData(ATTACKER, maxUint256);
    const cases: [string, unknown[], RegExp][] = [
      ['wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: me, calls: [{ to: token.address, value: '0x0', input: hidden }] }], /call 1: "input" is not accepted: send the calldata as "data"/],
      ['eth_sendTransaction', [{ to: token.address, input: hidden }], /^eth_sendTransaction: "input" is not accepted/],
      ['eth_sendTransaction', [{ to: token.address, data: hidden, input: hidden }], /"input" is not accepted/],
      ['eth_sendTransaction', [{ to: FRIEND, gasLimit: '0x5208' }], /"gasLimit" is not accepted: name the gas limit "gas"/],
      ['eth_sendTransaction', [{ to: FRIEND, nonce: '0x0' }], /"nonce" is not accepted: the wallet sets the nonce itself/],
      ['eth_sendTransaction', [{ to: FRIEND, accessList: [] }], /unknown field "accessList"/],
      ['wallet_sendCalls', [{ version: '2.0.0', calls: [{ to: FRIEND, gas: '0x5208' }] }], /call 1: unknown field "gas"/],
    ];
    for (const [method, params, message] of cases) {
      const err = await c.fails('/v1/wallet/prepare', { chainId: 31337, method, params });
      expect([err.status, err.code]).toEqual([400, 'invalid_params']);
      expect(err.message).toMatch(message);
    }
    // sign re-parses: the alias is refused there too, even with everything else prepared
    const p = await prepare('eth_sendTransaction', [{ to: token.address, data: approveData(FRIEND, 1n) }]);
    const { data: _data, ...rest } = txOf(p);
    const err = await c.fails('/v1/wallet/sign', { chainId: 31337, method: 'eth_sendTransaction', params: [{ ...rest, input: hidden }] });
    expect(err.message).toMatch(/"input" is not accepted/);
    // a request that was never prepared (no gas, fees, nonce) is not signed
    const raw = await c.fails('/v1/wallet/sign', { chainId: 31337, method: 'eth_sendTransaction', params: [{ to: FRIEND, value: '0x1' }] });
    expect(raw.message).toMatch(/not prepared/);
    expect(await nonce()).toBe(before);
    expect(await token.allowance(me, ATTACKER)).toBe(0n);
  });

  it('refuses a page fee far above the chain\'s (at prepare, and again at sign), and uses one within the bound', async () => {
    const before = await chain.getBalance({ address: me });
    const absurd = await c.fails('/v1/wallet/prepare', { chainId: 31337, method: 'eth_sendTransaction', params: [{ to: FRIEND, value: '0x0', gas: '0x5208', gasPrice: `0x${parseGwei('4000000').toString(16)}` }] });
    expect([absurd.status, absurd.code]).toEqual([400, 'fee_too_high']);
    expect(absurd.message).toMatch(/^eth_sendTransaction: gasPrice \(4000000 gwei\) is more than 3 times the network's current fee \([\d.]+ gwei\): refused$/);
    const high = await c.fails('/v1/wallet/prepare', { chainId: 31337, method: 'eth_sendTransaction', params: [{ to: FRIEND, maxFeePerGas: `0x${parseGwei('50').toString(16)}` }] });
    expect(high.code).toBe('fee_too_high');
    const gas = await c.fails('/v1/wallet/prepare', { chainId: 31337, method: 'eth_sendTransaction', params: [{ to: FRIEND, gas: '0x1c9c380' }] });
    expect([gas.code, gas.message]).toEqual(['fee_too_high', 'eth_sendTransaction: gas (30000000) is more than 3 times the network\'s estimate (21000): refused']);

    // within the bound: the page's value is used and shown
    const p = await prepare('eth_sendTransaction', [{ to: FRIEND, maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' }]);
    expect(txOf(p)).toMatchObject({ maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' });
    // the sign step checks again: a prepared transaction whose fee is (now) far above is refused
    const tampered = { ...txOf(p), maxFeePerGas: `0x${parseGwei('4000000').toString(16)}` };
    const again = await c.fails('/v1/wallet/sign', { chainId: 31337, method: 'eth_sendTransaction', params: [tampered] });
    expect([again.code, again.message]).toEqual(['fee_too_high', expect.stringMatching(/maxFeePerGas \(4000000 gwei\) is now more than 3 times the network's fee .*prepare it again$/)]);
    expect(await chain.getBalance({ address: me })).toBe(before);
    await sign(p);
    expect(before - (await chain.getBalance({ address: me }))).toBeLessThanOrEqual(21000n * 1_000_000_000n);
  });

  it('sends nothing for a prepared transaction whose nonce is no longer the next one', async () => {
    const first = await prepare('eth_sendTransaction', [{ to: FRIEND, value: '0x1' }]);
    const second = await prepare('eth_sendTransaction', [{ to: FRIEND, value: '0x2' }]);
    expect(txOf(second).nonce).toBe(txOf(first).nonce);
    await sign(first);
    const stale = await c.fails('/v1/wallet/sign', { chainId: 31337, method: 'eth_sendTransaction', params: second.params });
    expect([stale.status, stale.code]).toEqual([409, 'stale_request']);
  });
});

describe('decoding and simulation', () => {
  it('shows a hidden unlimited approve in wallet_sendCalls decoded, with the token read from the chain, and sends exactly it', async () => {
    const calls = [
      { to: token.address, value: '0x0', data: approveData(ATTACKER, maxUint256) },
      { to: token.address, data: transferData(FRIEND, parseUnits('12.5', 18)) },
    ];
    const p = await prepare('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: me, atomicRequired: false, calls }]);
    const d = details(p);
    expect(d.intents).toEqual([
      { kind: 'approve', fn: 'approve', token: token.address, spender: ATTACKER, amount: maxUint256.toString(), unlimited: true },
      { kind: 'transfer', fn: 'transfer', token: token.address, from: null, to: FRIEND, amount: parseUnits('12.5', 18).toString() },
    ]);
    expect(d.tokens[token.address.toLowerCase()]).toEqual({ symbol: 'LKD', decimals: 18 });
    expect(d.simulation).toMatchObject({ status: 'ok', traced: true, nativeChange: '0' });
    expect(d.simulation.transfers).toEqual([{ standard: 'erc20', token: token.address, from: me, to: FRIEND, amount: parseUnits('12.5', 18).toString() }]);
    const sentCalls = (p.params[0] as { calls: PreparedTx[] }).calls;
    expect(sentCalls.map((t) => t.nonce)).toEqual([`0x${(await nonce()).toString(16)}`, `0x${((await nonce()) + 1).toString(16)}`]);

    const { id } = (await sign(p)) as { id: string };
    expect(id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await token.allowance(me, ATTACKER)).toBe(maxUint256);
    const status = (await c.call('/v1/wallet/rpc', { chainId: 31337, method: 'wallet_getCallsStatus', params: [id] })).result;
    const sent = await Promise.all(status.receipts.map((r: { transactionHash: Hex }) => chain.getTransaction({ hash: r.transactionHash })));
    expect(sent.map((t) => ({ to: t.to && getAddress(t.to), input: t.input, gas: `0x${t.gas.toString(16)}`, nonce: `0x${t.nonce.toString(16)}` }))).toEqual(
      sentCalls.map((t) => ({ to: t.to, input: t.data, gas: t.gas, nonce: t.nonce })),
    );
  });

  it('reports the revert of a call that would fail, with its reason', async () => {
    const p = await prepare('eth_sendTransaction', [{ to: token.address, data: transferData(FRIEND, parseUnits('999999', 18)) }]);
    const d = details(p);
    expect(d.simulation.status).toBe('reverted');
    expect(d.simulation.calls).toEqual([{ ok: false, revert: `reverted with custom error ${toFunctionSelector('InsufficientBalance(uint256,uint256)')}` }]);
    expect(BigInt(txOf(p).gas)).toBeGreaterThan(21000n);
  });

  it('recognises an EIP-2612 permit in typed data, refuses fields that would not be signed, and signs the shown object', async () => {
    const typed = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
        Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
      },
      primaryType: 'Permit',
      domain: { name: 'Latchkey Dev Token', version: '1', chainId: 31337, verifyingContract: token.address },
      message: { owner: me, spender: ATTACKER, value: maxUint256.toString(), nonce: 0, deadline: '0xffffffffffff' },
    };
    const p = await prepare('eth_signTypedData_v4', [me, JSON.stringify(typed)]);
    expect(p.details).toEqual({
      kind: 'typedData',
      intent: { kind: 'permit', via: 'signature', token: token.address, owner: me, spender: ATTACKER, amount: maxUint256.toString(), unlimited: true, deadline: null },
      tokens: { [token.address.toLowerCase()]: { symbol: 'LKD', decimals: 18 } },
    });
    const extra = await c.fails('/v1/wallet/prepare', { chainId: 31337, method: 'eth_signTypedData_v4', params: [me, { ...typed, message: { ...typed.message, note: 'free mint' } }] });
    expect(extra.message).toBe('eth_signTypedData_v4: message: unknown field "note" (refused: the approval shows only the fields it knows)');
    const signature = (await sign(p)) as Hex;
    const { EIP712Domain: _d, ...types } = typed.types;
    const signer = await recoverTypedDataAddress({ domain: typed.domain, types, primaryType: 'Permit', message: { ...typed.message, value: maxUint256, nonce: 0n, deadline: 0xffffffffffffn }, signature });
    expect(signer).toBe(me);
  });
});
