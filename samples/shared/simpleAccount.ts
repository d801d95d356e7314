/**
 * eth-infinitism's SimpleAccount v0.8 (from its SimpleAccountFactory) as a viem smart account: the
 * owner is a local key, the account is the factory's CREATE2 address for (owner, salt) and is created
 * by its first user operation (the factory's `createAccount` in the operation's init code).
 *
 * Everything is viem's: `toSmartAccount` (nonces, deployment check, init code), `encodeFunctionData`
 * over the account's ABI (`execute` for one call, `executeBatch` for several: atomic, the whole batch
 * reverts when one call does) and `getUserOperationTypedData` (v0.8's user-operation hash is EIP-712,
 * which SimpleAccount recovers as is). The ABI fragments below are the published artifacts' (a unit
 * test compares their selectors with `@account-abstraction/contracts`).
 *
 * SimpleAccount has no ERC-1271 `isValidSignature`: a message or typed-data signature by its owner
 * cannot be verified as the account's by any app. `signMessage` / `signTypedData` therefore refuse
 * ({@link SmartAccountSignatureUnsupportedError}); a wallet shows that as 'This application might not
 * support Smart Accounts'.
 */
import { decodeFunctionData, encodeFunctionData, parseAbi, type Address, type Chain, type Client, type JsonRpcAccount, type LocalAccount, type Transport } from 'viem';
import { entryPoint08Abi, entryPoint08Address, getUserOperationTypedData, toSmartAccount } from 'viem/account-abstraction';

/** The public SimpleAccountFactory v0.8 (the dev stack deploys it there: samples/contracts/accountAbstraction.ts). */
export const SIMPLE_ACCOUNT_FACTORY_08: Address = '0x13E9ed32155810FDbd067D4522C492D6f68E5944';

export const simpleAccountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
  'function owner() view returns (address)',
]);

export const simpleAccountFactoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
]);

/** A 65-byte signature of the right shape for gas estimation (never valid). */
const STUB_SIGNATURE =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c' as const;

export class SmartAccountSignatureUnsupportedError extends Error {
  constructor() {
    super('SimpleAccount has no ERC-1271: a message signed through it cannot be verified as the smart account');
    this.name = 'SmartAccountSignatureUnsupportedError';
  }
}

/** A client of the chain (a public client): reads the factory and the EntryPoint. */
export type ChainClient = Client<Transport, Chain | undefined, JsonRpcAccount | LocalAccount | undefined>;

export interface SimpleAccountOptions {
  /** A client of the chain (reads the factory and the EntryPoint). */
  readonly client: ChainClient;
  readonly owner: LocalAccount;
  readonly factory?: Address;
  /** The factory's salt: one owner may have several accounts (default 0). */
  readonly salt?: bigint;
  /** The account's address when already known (skips the factory read). */
  readonly address?: Address;
}

/** The account's address: the factory's CREATE2 address for (owner, salt), whether or not it exists yet. */
export async function simpleAccountAddress(client: ChainClient, owner: Address, factory: Address = SIMPLE_ACCOUNT_FACTORY_08, salt = 0n): Promise<Address> {
  const { readContract } = await import('viem/actions');
  return readContract(client, { address: factory, abi: simpleAccountFactoryAbi, functionName: 'getAddress', args: [owner, salt] });
}

export async function toSimpleAccount(options: SimpleAccountOptions) {
  const { client, owner } = options;
  const factory = options.factory ?? SIMPLE_ACCOUNT_FACTORY_08;
  const salt = options.salt ?? 0n;
  const address = options.address ?? (await simpleAccountAddress(client, owner.address, factory, salt));
  const entryPoint = { abi: entryPoint08Abi, address: entryPoint08Address, version: '0.8' } as const;
  return toSmartAccount({
    client,
    entryPoint,
    extend: { abi: simpleAccountAbi, owner, factory },
    async getAddress() {
      return address;
    },
    async getFactoryArgs() {
      return { factory, factoryData: encodeFunctionData({ abi: simpleAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, salt] }) };
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [c] = calls;
        return encodeFunctionData({ abi: simpleAccountAbi, functionName: 'execute', args: [c!.to, c!.value ?? 0n, c!.data ?? '0x'] });
      }
      return encodeFunctionData({
        abi: simpleAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((c) => ({ target: c.to, value: c.value ?? 0n, data: c.data ?? '0x' }))],
      });
    },
    async decodeCalls(data) {
      const r = decodeFunctionData({ abi: simpleAccountAbi, data });
      if (r.functionName === 'execute') return [{ to: r.args[0], value: r.args[1], data: r.args[2] }];
      if (r.functionName === 'executeBatch') return r.args[0].map((c) => ({ to: c.target, value: c.value, data: c.data }));
      throw new Error(`not a call of the account: ${r.functionName}`);
    },
    async getStubSignature() {
      return STUB_SIGNATURE;
    },
    async signMessage(_parameters) {
      throw new SmartAccountSignatureUnsupportedError();
    },
    async signTypedData(_parameters) {
      throw new SmartAccountSignatureUnsupportedError();
    },
    async signUserOperation(parameters) {
      const { chainId = client.chain?.id, ...userOperation } = parameters;
      if (chainId === undefined) throw new Error('signUserOperation: the client has no chain');
      const typedData = getUserOperationTypedData({ chainId, entryPointAddress: entryPoint.address, userOperation: { ...userOperation, sender: address } });
      return owner.signTypedData(typedData);
    },
  });
}
