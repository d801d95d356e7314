/** The calldata and typed-data decoder (src/decode.ts): each well-known function, unlimited amounts, unknown data. */
import { encodeFunctionData, maxUint160, maxUint256, parseAbi, toFunctionSelector, type Hex } from 'viem';
import type { TypedDataJson } from '../shared/typed-data';
import { decodeCall, isUnlimited, tokensOf, typedDataIntent } from './decode';
import { revertReason } from './simulate';

const TOKEN: Hex = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const A: Hex = '0x000000000000000000000000000000000000bEEF';
const B: Hex = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0';
const PERMIT2: Hex = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const abi = parseAbi([
  'function approve(address, uint256)',
  'function increaseAllowance(address, uint256)',
  'function transfer(address, uint256)',
  'function transferFrom(address, address, uint256)',
  'function permit(address, address, uint256, uint256, uint8, bytes32, bytes32)',
  'function setApprovalForAll(address, bool)',
  'function safeTransferFrom(address, address, uint256)',
  'function safeTransferFrom(address, address, uint256, bytes)',
  'function safeTransferFrom(address, address, uint256, uint256, bytes)',
  'function safeBatchTransferFrom(address, address, uint256[], uint256[], bytes)',
  'function multicall(bytes[])',
  'function multicall(uint256, bytes[])',
  'function aggregate3((address, bool, bytes)[])',
]);
const permit2Abi = parseAbi([
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce) details, address spender, uint256 sigDeadline) permitSingle, bytes signature)',
  'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce)[] details, address spender, uint256 sigDeadline) permitBatch, bytes signature)',
]);
const call = (functionName: string, args: readonly unknown[]) => encodeFunctionData({ abi, functionName, args } as never) as Hex;
const ZERO32 = `0x${'00'.repeat(32)}` as Hex;

describe('decodeCall', () => {
  it('decodes ERC-20 approve / increaseAllowance / transfer / transferFrom / permit, with unlimited amounts flagged', () => {
    expect(decodeCall(TOKEN, call('approve', [B, maxUint256]))).toEqual({ kind: 'approve', fn: 'approve', token: TOKEN, spender: B, amount: maxUint256.toString(), unlimited: true });
    expect(decodeCall(TOKEN, call('approve', [B, 10n]))).toMatchObject({ kind: 'approve', amount: '10', unlimited: false });
    expect(decodeCall(TOKEN, call('increaseAllowance', [B, 1n << 255n]))).toMatchObject({ kind: 'approve', fn: 'increaseAllowance', unlimited: true });
    expect(decodeCall(TOKEN, call('transfer', [A, 5n]))).toEqual({ kind: 'transfer', fn: 'transfer', token: TOKEN, from: null, to: A, amount: '5' });
    expect(decodeCall(TOKEN, call('transferFrom', [A, B, 7n]))).toEqual({ kind: 'transfer', fn: 'transferFrom', token: TOKEN, from: A, to: B, amount: '7' });
    expect(decodeCall(TOKEN, call('permit', [A, B, maxUint256, 1_900_000_000n, 27, ZERO32, ZERO32]))).toEqual({
      kind: 'permit', via: 'call', token: TOKEN, owner: A, spender: B, amount: maxUint256.toString(), unlimited: true, deadline: '1900000000',
    });
  });

  it('decodes ERC-721 / ERC-1155 setApprovalForAll and the safe transfers', () => {
    expect(decodeCall(TOKEN, call('setApprovalForAll', [B, true]))).toEqual({ kind: 'approveAll', collection: TOKEN, operator: B, approved: true });
    expect(decodeCall(TOKEN, call('setApprovalForAll', [B, false]))).toMatchObject({ approved: false });
    expect(decodeCall(TOKEN, call('safeTransferFrom', [A, B, 3n]))).toEqual({ kind: 'nftTransfer', collection: TOKEN, from: A, to: B, ids: ['3'], amounts: null });
    expect(decodeCall(TOKEN, call('safeTransferFrom', [A, B, 3n, '0x']))).toMatchObject({ kind: 'nftTransfer', ids: ['3'], amounts: null });
    expect(decodeCall(TOKEN, call('safeTransferFrom', [A, B, 3n, 9n, '0x']))).toMatchObject({ kind: 'nftTransfer', ids: ['3'], amounts: ['9'] });
    expect(decodeCall(TOKEN, call('safeBatchTransferFrom', [A, B, [1n, 2n], [5n, 6n], '0x']))).toMatchObject({ kind: 'nftTransfer', ids: ['1', '2'], amounts: ['5', '6'] });
  });

  it('decodes Permit2 approve and permit (single and batch); uint160 max is unlimited', () => {
    const approve = encodeFunctionData({ abi: permit2Abi, functionName: 'approve', args: [TOKEN, B, maxUint160, 1_900_000_000] });
    expect(decodeCall(PERMIT2, approve)).toEqual({ kind: 'permit2', via: 'approve', spender: B, tokens: [{ token: TOKEN, amount: maxUint160.toString(), unlimited: true, expiration: '1900000000' }], deadline: null });
    const single = encodeFunctionData({ abi: permit2Abi, functionName: 'permit', args: [A, { details: { token: TOKEN, amount: 5n, expiration: 0, nonce: 0 }, spender: B, sigDeadline: 1_900_000_000n }, '0x'] });
    expect(decodeCall(PERMIT2, single)).toEqual({ kind: 'permit2', via: 'permit', spender: B, tokens: [{ token: TOKEN, amount: '5', unlimited: false, expiration: '0' }], deadline: '1900000000' });
    const batch = encodeFunctionData({ abi: permit2Abi, functionName: 'permit', args: [A, { details: [{ token: TOKEN, amount: maxUint160, expiration: 1, nonce: 0 }, { token: A, amount: 1n, expiration: 1, nonce: 0 }], spender: B, sigDeadline: maxUint256 }, '0x'] });
    expect(decodeCall(PERMIT2, batch)).toMatchObject({ kind: 'permit2', via: 'permit', deadline: null, tokens: [{ token: TOKEN, unlimited: true }, { token: A, unlimited: false }] });
  });

  it('decodes the inner calls of multicall(bytes[]), multicall(deadline, bytes[]) and aggregate3', () => {
    const inner = [call('approve', [B, maxUint256]), '0xdeadbeef' as Hex];
    expect(decodeCall(TOKEN, call('multicall', [inner]))).toEqual({
      kind: 'multicall',
      calls: [
        { target: TOKEN, intent: { kind: 'approve', fn: 'approve', token: TOKEN, spender: B, amount: maxUint256.toString(), unlimited: true } },
        { target: TOKEN, intent: { kind: 'unknown', selector: '0xdeadbeef', size: 4 } },
      ],
    });
    expect(decodeCall(TOKEN, call('multicall', [1n, inner]))).toMatchObject({ kind: 'multicall', calls: [{ intent: { kind: 'approve' } }, { intent: { kind: 'unknown' } }] });
    expect(decodeCall(A, call('aggregate3', [[[TOKEN, false, call('transfer', [B, 1n])]]]))).toEqual({
      kind: 'multicall',
      calls: [{ target: TOKEN, intent: { kind: 'transfer', fn: 'transfer', token: TOKEN, from: null, to: B, amount: '1' } }],
    });
    // nested too deep, or too many inner calls: shown as not recognised (with its selector), never dropped
    const deep = [0, 1, 2, 3].reduce<Hex>((d) => call('multicall', [[d]]), call('approve', [B, 1n]));
    expect(JSON.stringify(decodeCall(TOKEN, deep))).toContain('"kind":"unknown"');
    expect(decodeCall(TOKEN, call('multicall', [Array(33).fill('0x')]))).toMatchObject({ kind: 'unknown', selector: toFunctionSelector('multicall(bytes[])') });
  });

  it('shows anything else as unknown with its selector and size; no data is a send, no recipient a deployment', () => {
    expect(decodeCall(TOKEN, '0x12345678aabb')).toEqual({ kind: 'unknown', selector: '0x12345678', size: 6 });
    expect(decodeCall(TOKEN, '0x1234')).toEqual({ kind: 'unknown', selector: '0x1234', size: 2 });
    // a well-known selector with arguments that do not decode
    expect(decodeCall(TOKEN, '0x095ea7b3ff')).toEqual({ kind: 'unknown', selector: '0x095ea7b3', size: 5 });
    expect(decodeCall(TOKEN, '0x')).toEqual({ kind: 'send' });
    expect(decodeCall(null, '0x6000')).toEqual({ kind: 'deploy', size: 2 });
  });

  it('finds the tokens an intent names, inner calls included', () => {
    expect(tokensOf(decodeCall(TOKEN, call('multicall', [[call('transfer', [B, 1n])]])))).toEqual([TOKEN]);
    expect(tokensOf(null)).toEqual([]);
    expect(isUnlimited((1n << 255n) - 1n)).toBe(false);
    expect(isUnlimited(1n << 255n)).toBe(true);
  });
});

describe('typedDataIntent', () => {
  const base = (primaryType: string, message: Record<string, unknown>, domain: TypedDataJson['domain'] = { name: 'Token', chainId: 1, verifyingContract: TOKEN }): TypedDataJson => ({ types: {}, primaryType, domain, message });

  it('recognises EIP-2612 and DAI permits', () => {
    expect(typedDataIntent(base('Permit', { owner: A, spender: B, value: maxUint256.toString(), nonce: '0', deadline: '1900000000' }))).toEqual({
      kind: 'permit', via: 'signature', token: TOKEN, owner: A, spender: B, amount: maxUint256.toString(), unlimited: true, deadline: '1900000000',
    });
    expect(typedDataIntent(base('Permit', { holder: A, spender: B, nonce: '0', expiry: '0', allowed: true }))).toMatchObject({ kind: 'permit', unlimited: true, deadline: null, owner: A });
    expect(typedDataIntent(base('Permit', { owner: A, spender: B, value: '1', nonce: '0', deadline: '1', extra: 'x' }))).toBeNull();
  });

  it('recognises Permit2 allowance and transfer signatures', () => {
    const domain = { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 };
    expect(typedDataIntent(base('PermitSingle', { details: { token: TOKEN, amount: maxUint160.toString(), expiration: '0', nonce: '0' }, spender: B, sigDeadline: '1900000000' }, domain))).toEqual({
      kind: 'permit2', via: 'signature', spender: B, tokens: [{ token: TOKEN, amount: maxUint160.toString(), unlimited: true, expiration: '0' }], deadline: '1900000000',
    });
    expect(typedDataIntent(base('PermitTransferFrom', { permitted: { token: TOKEN, amount: '5' }, spender: B, nonce: '0', deadline: '1900000000' }, domain))).toEqual({
      kind: 'permit2', via: 'signature', spender: B, tokens: [{ token: TOKEN, amount: '5', unlimited: false, expiration: null }], deadline: '1900000000',
    });
    expect(typedDataIntent(base('Mail', { to: A }))).toBeNull();
  });
});

describe('revertReason', () => {
  it('reads Error(string), Panic(uint256), custom errors and empty reverts', () => {
    const err = encodeFunctionData({ abi: parseAbi(['function Error(string)']), functionName: 'Error', args: ['not allowed'] });
    const panic = encodeFunctionData({ abi: parseAbi(['function Panic(uint256)']), functionName: 'Panic', args: [0x11n] });
    expect(revertReason(err)).toBe('reverted: not allowed');
    expect(revertReason(panic)).toBe('panic 0x11');
    expect(revertReason('0xdb42144d0000')).toBe('reverted with custom error 0xdb42144d');
    expect(revertReason('0x')).toBe('reverted without a reason');
    expect(revertReason(undefined, 'execution reverted')).toBe('execution reverted');
  });
});
