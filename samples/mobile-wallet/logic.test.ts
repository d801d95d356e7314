import {
  approvalNamespaces,
  chainIdOf,
  formatEth,
  messageText,
  pairingLinkFromSearch,
  parsePairingLink,
  summarizeProposal,
  summarizeRequest,
  toViemTransaction,
  WALLET_METHODS,
  type ProposalLike,
} from './logic';

const TOPIC = 'a'.repeat(64);
const SYMKEY = 'b'.repeat(64);
const NOW = 1_700_000_000_000;
const link = (extra = `expiryTimestamp=${NOW / 1000 + 300}`) => `wc:${TOPIC}@2?${extra}&relay-protocol=irn&symKey=${SYMKEY}`;
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CHAINS = [
  { chainId: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 1, name: 'Ethereum (local)', rpcUrl: 'http://127.0.0.1:8546' },
];

function proposal(p: Partial<ProposalLike> = {}): ProposalLike {
  return { proposer: { metadata: { name: 'Demo', url: 'http://127.0.0.1:5173', description: 'd', icons: [] } }, ...p };
}

describe('parsePairingLink', () => {
  it('accepts a wc: link, trimmed', () => {
    expect(parsePairingLink(`  ${link()}\n`, NOW)).toEqual({ ok: true, uri: link() });
  });

  it('takes the link out of a deep link URL (uri= parameter)', () => {
    const deep = `http://127.0.0.1:5173/wallet/?uri=${encodeURIComponent(link())}`;
    expect(parsePairingLink(deep, NOW)).toEqual({ ok: true, uri: link() });
    expect(parsePairingLink(`somewallet://wc?uri=${encodeURIComponent(link())}`, NOW)).toEqual({ ok: true, uri: link() });
  });

  it('refuses empty input, other text, v1 links and damaged links with a reason', () => {
    expect(parsePairingLink('   ', NOW)).toEqual({ ok: false, error: 'Paste a pairing link first.' });
    expect(parsePairingLink('https://example.com/?x=1', NOW).ok).toBe(false);
    expect(parsePairingLink(`wc:${TOPIC}@1?bridge=x&key=y`, NOW)).toEqual({ ok: false, error: expect.stringContaining('v1') });
    expect(parsePairingLink(`wc:abc@2?symKey=${SYMKEY}`, NOW)).toEqual({ ok: false, error: expect.stringContaining('topic') });
    expect(parsePairingLink(`wc:${TOPIC}@2?relay-protocol=irn`, NOW)).toEqual({ ok: false, error: expect.stringContaining('symKey') });
    expect(parsePairingLink(`wc:${TOPIC}@2?relay-protocol=waku&symKey=${SYMKEY}`, NOW)).toEqual({ ok: false, error: expect.stringContaining('waku') });
    expect(parsePairingLink('wc:', NOW)).toEqual({ ok: false, error: expect.stringContaining('incomplete') });
  });

  it('refuses an expired link and accepts one without expiry', () => {
    expect(parsePairingLink(link(`expiryTimestamp=${NOW / 1000 - 1}`), NOW)).toEqual({ ok: false, error: 'This pairing link has expired. Ask the dapp for a new one.' });
    expect(parsePairingLink(link(`expiryTimestamp=${NOW / 1000}`), NOW).ok).toBe(false);
    expect(parsePairingLink(link('x=1'), NOW).ok).toBe(true);
  });
});

it('pairingLinkFromSearch reads ?uri=', () => {
  expect(pairingLinkFromSearch(`?uri=${encodeURIComponent(link())}&verify=hosted`)).toBe(link());
  expect(pairingLinkFromSearch('?uri=')).toBeUndefined();
  expect(pairingLinkFromSearch('')).toBeUndefined();
});

describe('summarizeProposal', () => {
  it('lists the dapp, required chains first, methods and events without duplicates', () => {
    const s = summarizeProposal(
      proposal({
        requiredNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: ['chainChanged'] } },
        optionalNamespaces: {
          eip155: { chains: ['eip155:1', 'eip155:31337'], methods: ['personal_sign', 'eth_sendTransaction'], events: ['chainChanged', 'accountsChanged'] },
          'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { methods: ['solana_signMessage'] },
        },
      }),
    );
    expect(s).toMatchObject({ name: 'Demo', url: 'http://127.0.0.1:5173', description: 'd' });
    expect(s.chains).toEqual(['eip155:1', 'eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']);
    expect(s.requiredChains).toEqual(['eip155:1']);
    expect(s.methods).toEqual(['personal_sign', 'eth_sendTransaction', 'solana_signMessage']);
    expect(s.events).toEqual(['chainChanged', 'accountsChanged']);
  });

  it('names an unnamed dapp and keeps only http(s)/data icons', () => {
    const s = summarizeProposal({ proposer: { metadata: { name: ' ', icons: ['javascript:alert(1)', 'https://x/icon.png'] } } });
    expect(s.name).toBe('Unnamed dapp');
    expect(s.icon).toBe('https://x/icon.png');
  });
});

describe('approvalNamespaces', () => {
  const wallet = { address: ADDRESS, chainIds: [31337, 1] };

  it('approves the account on both chains, the requested methods it supports and both events', () => {
    const r = approvalNamespaces(
      proposal({ optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign', 'eth_sendTransaction', 'wallet_sendCalls'], events: ['chainChanged'] } } }),
      wallet,
    );
    expect(r).toEqual({
      ok: true,
      namespaces: {
        eip155: {
          chains: ['eip155:31337', 'eip155:1'],
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['accountsChanged', 'chainChanged'],
          accounts: [`eip155:31337:${ADDRESS}`, `eip155:1:${ADDRESS}`],
        },
      },
    });
  });

  it('approves every supported method when the dapp named none; reads chain-keyed namespaces', () => {
    const r = approvalNamespaces(proposal({ optionalNamespaces: { 'eip155:31337': {} } }), wallet);
    expect(r.ok && r.namespaces.eip155!.methods).toEqual([...WALLET_METHODS]);
  });

  it('refuses what it cannot give when the dapp requires it', () => {
    expect(approvalNamespaces(proposal({ requiredNamespaces: { eip155: { chains: ['eip155:137'], methods: [], events: [] } } }), wallet)).toEqual({
      ok: false,
      reason: 'The dapp requires chains this wallet does not have: eip155:137.',
    });
    expect(approvalNamespaces(proposal({ requiredNamespaces: { eip155: { chains: ['eip155:1'], methods: ['eth_sign'] } } }), wallet)).toEqual({
      ok: false,
      reason: 'The dapp requires methods this wallet does not support: eth_sign.',
    });
    expect(approvalNamespaces(proposal({ requiredNamespaces: { solana: { chains: ['solana:x'] } } }), wallet).ok).toBe(false);
    expect(approvalNamespaces(proposal({ optionalNamespaces: { solana: { chains: ['solana:x'] } } }), wallet)).toEqual({
      ok: false,
      reason: 'The dapp asks for no EVM (eip155) chain.',
    });
  });

  it('ignores an optional non-EVM namespace next to an EVM one', () => {
    const r = approvalNamespaces(proposal({ optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'] }, solana: { chains: ['solana:x'] } } }), wallet);
    expect(r.ok && Object.keys(r.namespaces)).toEqual(['eip155']);
  });
});

it('chainIdOf reads CAIP-2, hex and decimal ids', () => {
  expect(chainIdOf('eip155:31337')).toBe(31337);
  expect(chainIdOf('0x1')).toBe(1);
  expect(chainIdOf('137')).toBe(137);
  expect(chainIdOf(10)).toBe(10);
  expect(chainIdOf('solana:abc')).toBeUndefined();
  expect(chainIdOf('0x0')).toBeUndefined();
  expect(chainIdOf(undefined)).toBeUndefined();
});

it('messageText decodes readable hex and keeps binary as hex', () => {
  expect(messageText('0x48656c6c6f')).toBe('Hello');
  expect(messageText('plain text')).toBe('plain text');
  expect(messageText('0x00ff01')).toBe('0x00ff01');
});

describe('toViemTransaction', () => {
  it('turns hex quantities into bigints and keeps one fee kind', () => {
    expect(
      toViemTransaction(
        { from: ADDRESS.toLowerCase(), to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0xde0b6b3a7640000', gas: '0x5208', gasPrice: '0x1', maxFeePerGas: '0x10', nonce: '0x3', data: '0x' },
        ADDRESS,
      ),
    ).toEqual({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 18n, gas: 21000n, maxFeePerGas: 16n, nonce: 3 });
    expect(toViemTransaction({ gasLimit: '0x10', gasPrice: '0x2', input: '0xabcd' }, ADDRESS)).toEqual({ gas: 16n, gasPrice: 2n, data: '0xabcd' });
  });

  it('refuses another sender and malformed fields', () => {
    expect(() => toViemTransaction({ from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, ADDRESS)).toThrow(/not from this wallet/);
    expect(() => toViemTransaction({ value: 'lots' }, ADDRESS)).toThrow(/value must be a hex quantity/);
    expect(() => toViemTransaction({ to: '0x1234' }, ADDRESS)).toThrow(/to must be an address/);
    expect(() => toViemTransaction({ data: 'zz' }, ADDRESS)).toThrow(/data must be hex/);
  });
});

it('formatEth prints up to 6 decimals', () => {
  expect(formatEth(10n ** 18n)).toBe('1');
  expect(formatEth(1_500_000_000_000_000_000n)).toBe('1.5');
  expect(formatEth(123n)).toBe('0.000000');
  expect(formatEth(10000n * 10n ** 18n)).toBe('10000');
});

describe('summarizeRequest', () => {
  it('personal_sign shows the text, and a problem when another account must sign', () => {
    const ok = summarizeRequest('personal_sign', ['0x4869', ADDRESS], 'eip155:1', CHAINS, ADDRESS);
    expect(ok).toEqual({ title: 'Sign a message', rows: [['Message', 'Hi'], ['Account', ADDRESS]] });
    const other = summarizeRequest('personal_sign', ['0x4869', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], 'eip155:1', CHAINS, ADDRESS);
    expect(other.problem).toMatch(/not this wallet's account/);
  });

  it('eth_sendTransaction shows the network, recipient and value; a bad transaction is a problem', () => {
    const s = summarizeRequest('eth_sendTransaction', [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0xde0b6b3a7640000' }], 'eip155:31337', CHAINS, ADDRESS);
    expect(s.rows).toEqual([
      ['Network', 'Anvil'],
      ['To', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
      ['Value', '1 ETH'],
    ]);
    expect(s.problem).toBeUndefined();
    expect(summarizeRequest('eth_sendTransaction', [{ value: 'x' }], 'eip155:31337', CHAINS, ADDRESS).problem).toMatch(/value/);
  });

  it('wallet_switchEthereumChain names both chains; an unknown target is a problem', () => {
    const s = summarizeRequest('wallet_switchEthereumChain', [{ chainId: '0x1' }], 'eip155:31337', CHAINS, ADDRESS);
    expect(s.rows).toEqual([
      ['From', 'Anvil'],
      ['To', 'Ethereum (local)'],
    ]);
    expect(s.problem).toBeUndefined();
    expect(summarizeRequest('wallet_switchEthereumChain', [{ chainId: '0x89' }], 'eip155:31337', CHAINS, ADDRESS).problem).toBe('This wallet has no chain 137.');
  });

  it('an unsupported method can only be rejected', () => {
    expect(summarizeRequest('eth_sign', [], 'eip155:1', CHAINS, ADDRESS).problem).toBe('This wallet does not support eth_sign.');
  });
});
