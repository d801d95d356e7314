/**
 * The smart-account adapter against the published contracts, without a chain: its ABI fragments
 * are the artifacts' functions, the EntryPoint and factory land at the public v0.8 addresses, a
 * batch encodes as one executeBatch (decoded back to the same calls), and message signing refuses.
 */
import { createPublicClient, custom, getAddress, toFunctionSelector, type AbiFunction } from 'viem';
import { entryPoint08Address } from 'viem/account-abstraction';
import { privateKeyToAccount } from 'viem/accounts';
import { accountAbstractionAddresses, loadAccountAbstractionArtifacts, SIMPLE_ACCOUNT_FACTORY_08 as DEPLOYED_FACTORY } from '../contracts/accountAbstraction';
import { SIMPLE_ACCOUNT_FACTORY_08, simpleAccountAbi, simpleAccountFactoryAbi, SmartAccountSignatureUnsupportedError, toSimpleAccount } from './simpleAccount';

const selectors = (abi: readonly unknown[]) =>
  new Set((abi as AbiFunction[]).filter((x) => x.type === 'function').map((f) => toFunctionSelector(f)));

describe('the SimpleAccount v0.8 adapter', () => {
  const artifacts = loadAccountAbstractionArtifacts();

  it("uses the published artifacts' functions and addresses", () => {
    const account = selectors(artifacts.account.abi);
    for (const s of selectors(simpleAccountAbi)) expect(account).toContain(s);
    const factory = selectors(artifacts.factory.abi);
    for (const s of selectors(simpleAccountFactoryAbi)) expect(factory).toContain(s);
    expect(accountAbstractionAddresses(artifacts)).toEqual({ entryPoint: entryPoint08Address, factory: SIMPLE_ACCOUNT_FACTORY_08 });
    expect(DEPLOYED_FACTORY).toBe(SIMPLE_ACCOUNT_FACTORY_08);
  });

  it('encodes one call as execute and several as one executeBatch, and decodes them back', async () => {
    const client = createPublicClient({
      transport: custom({
        // the account is not deployed; nothing else is asked of the chain
        request: async ({ method }) => {
          if (method === 'eth_getCode') return '0x';
          throw new Error(`no chain in this test (${method})`);
        },
      }),
    });
    const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
    const account = await toSimpleAccount({ client, owner, address: '0x00000000000000000000000000000000000000aa' });
    const calls = [
      { to: getAddress('0x00000000000000000000000000000000000000b1'), value: 1n, data: '0x' as const },
      { to: getAddress('0x00000000000000000000000000000000000000b2'), value: 0n, data: '0xa9059cbb' as const },
    ];
    const batch = await account.encodeCalls(calls);
    expect(batch.slice(0, 10)).toBe(toFunctionSelector('executeBatch((address,uint256,bytes)[])'));
    expect(await account.decodeCalls!(batch)).toEqual(calls);
    const one = await account.encodeCalls([calls[0]!]);
    expect(one.slice(0, 10)).toBe(toFunctionSelector('execute(address,uint256,bytes)'));
    expect(await account.decodeCalls!(one)).toEqual([calls[0]]);
    const { factory, factoryData } = await account.getFactoryArgs();
    expect(factory).toBe(SIMPLE_ACCOUNT_FACTORY_08);
    expect(factoryData?.slice(0, 10)).toBe(toFunctionSelector('createAccount(address,uint256)'));
    // no ERC-1271 in SimpleAccount: nothing an app could verify is signed
    await expect(account.signMessage({ message: 'hello' })).rejects.toBeInstanceOf(SmartAccountSignatureUnsupportedError);
  });
});
