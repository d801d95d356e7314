import { RpcMethodNotAllowedError } from '../errors/kernel';
import {
  assertAllowedRpcMethod,
  isSafeRpcMethod,
  isUnsafeRpcMethod,
  SAFE_RPC_METHODS,
  UNSAFE_RPC_METHODS,
} from './rpcMethods';

const unsafe = [
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
];
const safe = ['eth_call', 'eth_getBalance', 'eth_chainId', 'eth_blockNumber', 'eth_estimateGas', 'wallet_getCallsStatus', 'wallet_getCapabilities', 'wallet_getAssets'];
const unlisted = ['eth_sign', 'wallet_switchEthereumChain', 'debug_traceTransaction', 'admin_peers', '', 'ETH_CALL'];

describe('RPC method lists', () => {
  it.each(unsafe)('%s needs approval', (m) => {
    expect(isUnsafeRpcMethod(m)).toBe(true);
    expect(isSafeRpcMethod(m)).toBe(false);
    expect(assertAllowedRpcMethod(m)).toBe('unsafe');
  });

  it.each(safe)('%s is safe', (m) => {
    expect(isSafeRpcMethod(m)).toBe(true);
    expect(isUnsafeRpcMethod(m)).toBe(false);
    expect(assertAllowedRpcMethod(m)).toBe('safe');
  });

  it.each(unlisted)("%p is refused with 'Requested RPC call is not allowed'", (m) => {
    expect(isSafeRpcMethod(m)).toBe(false);
    expect(isUnsafeRpcMethod(m)).toBe(false);
    expect(() => assertAllowedRpcMethod(m)).toThrow(RpcMethodNotAllowedError);
    try {
      assertAllowedRpcMethod(m);
    } catch (e) {
      expect((e as RpcMethodNotAllowedError).message).toBe('Requested RPC call is not allowed');
      expect((e as RpcMethodNotAllowedError).uiMessage).toBe('Action not allowed');
      expect((e as RpcMethodNotAllowedError).method).toBe(m);
    }
  });

  it('treats future typed-data versions and Solana sign methods as unsafe', () => {
    expect(isUnsafeRpcMethod('eth_signTypedData_v5')).toBe(true);
    expect(isUnsafeRpcMethod('solana_signIn')).toBe(true);
  });

  it('keeps the two lists disjoint', () => {
    expect(SAFE_RPC_METHODS.filter((m) => UNSAFE_RPC_METHODS.includes(m) || isUnsafeRpcMethod(m))).toEqual([]);
  });
});
