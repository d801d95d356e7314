/** Where ENS lives on a network (docs/connection.md#account-sync): the rule the evm and send plugins share. */
import { mainnet } from 'viem/chains';
import { defineNetwork } from '../networks';
import { testAnvil, testMainnet } from '../testing/fakeAdapter';
import { MAINNET_ENS_UNIVERSAL_RESOLVER, ensContracts } from './ensContracts';

const REGISTRY = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const UR = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

describe('ensContracts', () => {
  it('mainnet with nothing configured: viem\'s Universal Resolver (hosts on mainnet need no configuration)', () => {
    expect(ensContracts(testMainnet)).toEqual({ universalResolver: mainnet.contracts.ensUniversalResolver.address });
    expect(MAINNET_ENS_UNIVERSAL_RESOLVER).toBe(mainnet.contracts.ensUniversalResolver.address);
  });

  it('a network that names its contracts resolves there, a testnet too (configuring ENS is the opt-in)', () => {
    expect(ensContracts(defineNetwork({ ...testAnvil, contracts: { ensRegistry: { address: REGISTRY } } }))).toEqual({ registry: REGISTRY });
    expect(ensContracts(defineNetwork({ ...testMainnet, contracts: { ensUniversalResolver: { address: UR }, ensRegistry: { address: REGISTRY } } }))).toEqual({ universalResolver: UR, registry: REGISTRY });
  });

  it('skipped: a testnet with nothing configured (chain 1 marked testnet included), another chain, another namespace, a malformed address', () => {
    expect(ensContracts(testAnvil)).toBeUndefined();
    expect(ensContracts(defineNetwork({ ...testMainnet, testnet: true }))).toBeUndefined();
    expect(ensContracts(defineNetwork({ ...testMainnet, id: 8453, caipNetworkId: 'eip155:8453' }))).toBeUndefined();
    expect(ensContracts(defineNetwork({ id: 'x', name: 'S', chainNamespace: 'solana', nativeCurrency: { name: 'S', symbol: 'S', decimals: 9 }, rpcUrls: { default: { http: [] } }, contracts: { ensRegistry: { address: REGISTRY } } }))).toBeUndefined();
    expect(ensContracts(defineNetwork({ ...testAnvil, contracts: { ensRegistry: { address: '0x1234' as `0x${string}` } } }))).toBeUndefined();
    expect(ensContracts(undefined)).toBeUndefined();
  });
});
