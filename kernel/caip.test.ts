import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from './errors/kernel';
import {
  caipAddress,
  caipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip';

const EVM = '0x' + 'aB'.repeat(20);
const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'; // 43 chars

describe('CAIP ids', () => {
  it.each([
    [`eip155:1:${EVM}`, true],
    [`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}`, true],
    ['polkadot:91b171bb158e2d3848fa23a9f1c25182:5Grw', true],
    ['bip122:000000000019d6689c085ae165831e93:bc1qxyz', true],
    ['cosmos:cosmoshub-4:cosmos1abc', false],
    ['eip155::0xabc', false],
    ['eip155:1:', false],
    [':1:0xabc', false],
    ['eip155:1', false],
    ['eip155:1:0xabc:extra', false],
    [undefined, false],
  ])('isCaipAddress(%p) → %p', (v, ok) => expect(isCaipAddress(v)).toBe(ok));

  it('knows the four namespaces only', () => {
    expect(['eip155', 'solana', 'polkadot', 'bip122'].every(isChainNamespace)).toBe(true);
    expect(isChainNamespace('cosmos')).toBe(false);
    expect(isChainNamespace('EIP155')).toBe(false);
  });

  it('checks network ids', () => {
    expect(isCaipNetworkId('eip155:1')).toBe(true);
    expect(isCaipNetworkId('eip155:')).toBe(false);
    expect(isCaipNetworkId('eip155:1:0xabc')).toBe(false);
    expect(isCaipNetworkId('tron:1')).toBe(false);
  });

  it('parses a CAIP address', () => {
    expect(parseCaipAddress(`eip155:137:${EVM}`)).toEqual({
      chainNamespace: 'eip155',
      chainId: '137',
      address: EVM,
      caipNetworkId: 'eip155:137',
    });
  });

  it('parses a CAIP network id', () => {
    expect(parseCaipNetworkId('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toEqual({
      chainNamespace: 'solana',
      chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    });
  });

  it('throws typed errors for bad input', () => {
    expect(() => parseCaipAddress('eip155:1')).toThrow(InvalidCaipAddressError);
    expect(() => parseCaipAddress('foo:1:0x1')).toThrow('Invalid CAIP address: foo:1:0x1');
    expect(() => parseCaipNetworkId('eip155')).toThrow(InvalidCaipNetworkIdError);
  });
});

describe('caipNetworkId / caipAddress', () => {
  it('join the parts that parse splits', () => {
    expect(caipNetworkId('eip155', 137)).toBe('eip155:137');
    const id = caipAddress('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', SOL);
    expect(parseCaipAddress(id)).toEqual({
      chainNamespace: 'solana',
      chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: SOL,
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    });
  });
});
