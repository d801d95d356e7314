/**
 * What the approval shows (frame/format.ts, intent-view.ts, text.ts) for prepared requests: decoded
 * calls with their warnings, the network fee, the simulation, typed data as fields, and hidden
 * characters made visible in every text.
 */
import { encodeFunctionData, maxUint256, parseAbi, type Hex } from 'viem';
import { describePrepared, HIDDEN_WARNING, type ApprovalView } from './frame/format';
import type { Row } from './frame/intent-view';
import { formatTime, formatUnits, messageText, Shown } from './frame/text';
import type { Fees, Prepared, Simulation, TokenBook } from './shared/prepared';
import { decodeCall } from './src/decode';

const ME: Hex = '0xE0e267fB3EC5b2336B3640916B4e381d6612149B';
const TOKEN: Hex = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ATTACKER: Hex = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0';
const FRIEND: Hex = '0x000000000000000000000000000000000000bEEF';
const ctx = { chainName: 'Anvil', currency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, origin: 'http://dapp.example', from: ME };
const abi = parseAbi(['function approve(address, uint256)', 'function transfer(address, uint256)', 'function setApprovalForAll(address, bool)']);
const LKD: TokenBook = { [TOKEN.toLowerCase()]: { symbol: 'LKD', decimals: 18 } };
const OK: Simulation = { status: 'ok', traced: true, calls: [{ ok: true }], nativeChange: '0', transfers: [] };
const GWEI = 1_000_000_000n;

function txPrepared(method: 'eth_sendTransaction' | 'wallet_sendCalls', calls: { to: Hex; value?: bigint; data?: Hex; gas?: bigint }[], over: { tokens?: TokenBook; simulation?: Simulation; fees?: Partial<Fees> } = {}): Prepared {
  const txs = calls.map((c, i) => ({ to: c.to, value: `0x${(c.value ?? 0n).toString(16)}`, data: c.data ?? '0x', gas: `0x${(c.gas ?? 50_000n).toString(16)}`, nonce: `0x${(7 + i).toString(16)}`, maxFeePerGas: `0x${(3n * GWEI).toString(16)}`, maxPriorityFeePerGas: `0x${GWEI.toString(16)}` }));
  const maxFee = calls.reduce((s, c) => s + (c.gas ?? 50_000n) * 3n * GWEI, 0n);
  const value = calls.reduce((s, c) => s + (c.value ?? 0n), 0n);
  const params = method === 'eth_sendTransaction' ? [{ from: ME, ...txs[0], chainId: '0x7a69', type: '0x2' }] : [{ version: '2.0.0', chainId: '0x7a69', from: ME, atomicRequired: false, calls: txs }];
  const fees: Fees = { legacy: false, networkFeePerGas: String(3n * GWEI), ceilingPerGas: String(9n * GWEI), maxNetworkFee: String(maxFee), value: String(value), total: String(value + maxFee), balance: String(100n * 10n ** 18n), ...over.fees };
  return {
    method,
    chainId: 31337,
    params,
    details: { kind: 'transactions', intents: txs.map((t) => decodeCall(t.to, t.data as Hex)), fees, simulation: over.simulation ?? { ...OK, calls: calls.map(() => ({ ok: true })) }, tokens: over.tokens ?? LKD },
  };
}

/** The view as text, one line per row, the way a reader goes through it; a folded part as "> summary" and its rows indented. */
function lines(v: ApprovalView): string[] {
  const row = (r: Row) => `${r.label}: ${r.value}${r.warn ? ' [warn]' : ''}`;
  return [
    v.title,
    ...v.warnings.map((w) => `! ${w}`),
    ...v.sections.flatMap((s) => [...(s.heading ? [`# ${s.heading}`] : []), ...s.rows.map(row), ...(s.more ? [`> ${s.more.summary}`, ...s.more.rows.map((r) => `  ${row(r)}`)] : [])]),
  ];
}

describe('transactions', () => {
  it('shows a hidden unlimited approve in wallet_sendCalls decoded, with the token from the chain and the warning first', () => {
    const approve = encodeFunctionData({ abi, functionName: 'approve', args: [ATTACKER, maxUint256] });
    const view = describePrepared(txPrepared('wallet_sendCalls', [{ to: TOKEN, data: approve }]), ctx);
    expect(lines(view)).toEqual([
      'Send 1 transaction',
      `! Call 1: Unlimited approval: ${ATTACKER} can spend all your LKD (${TOKEN}), now and later.`,
      'App: http://dapp.example',
      'Network: Anvil',
      `Account: ${ME}`,
      '# Call 1 of 1: Allow spending of LKD',
      `To: ${TOKEN}`,
      'Amount: 0 ETH',
      `Token: LKD (${TOKEN})`,
      `Spender: ${ATTACKER}`,
      'Allowance: Unlimited LKD [warn]',
      '> Raw data (68 bytes)',
      `  Data: ${approve} (68 bytes)`,
      '# Network fee',
      'Max network fee: 0.00015 ETH',
      'Total: 0.00015 ETH (amount + max network fee)',
      '> Fee details',
      '  Max fee per gas: 3 gwei (priority 1 gwei)',
      '  Gas limit: 50000',
      '  Nonce: 7',
      '# Simulation',
      'Result: Succeeds',
      'Your ETH: 0 ETH (without the network fee)',
    ]);
  });

  it('shows amounts in the token\'s units, raw ones when the chain gave no decimals, and all-tokens approvals with a warning', () => {
    const transfer = encodeFunctionData({ abi, functionName: 'transfer', args: [FRIEND, 12_500_000_000_000_000_000n] });
    const all = encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [ATTACKER, true] });
    const text = lines(describePrepared(txPrepared('wallet_sendCalls', [{ to: TOKEN, data: transfer }, { to: FRIEND, data: transfer }, { to: FRIEND, data: all }]), ctx));
    expect(text).toContain('# Call 1 of 3: Send LKD');
    expect(text).toContain('Amount: 12.5 LKD');
    expect(text).toContain(`Token: ${FRIEND} (symbol unknown)`);
    expect(text).toContain("Amount: 12500000000000000000 (smallest units; the token's decimals are unknown)");
    expect(text).toContain(`! Call 3: All-tokens approval: ${ATTACKER} can move every token you hold in the collection (${FRIEND}), now and later.`);
    expect(text).toContain('  Gas limit: 50000 + 50000 + 50000');
    expect(text).toContain('  Nonce: 7 to 9');
  });

  it('shows calldata nobody decoded as such, with its selector and size and a warning', () => {
    const text = lines(describePrepared(txPrepared('eth_sendTransaction', [{ to: FRIEND, data: '0xdeadbeef0102' }]), ctx));
    expect(text[0]).toBe('Send transaction');
    expect(text).toContain('! Unrecognised contract call (function 0xdeadbeef, 6 bytes): its effect is not known. Approve only if you trust this app.');
    expect(text).toContain('Function: selector 0xdeadbeef, 6 bytes of data [warn]');
    // calldata nobody decoded is never folded away
    expect(text).toContain('Data: 0xdeadbeef0102 (6 bytes)');
    expect(text.some((l) => l.startsWith('> Raw data'))).toBe(false);
  });

  it('shows the maximum fee and total, and warns when the fee is a large share of the balance or the balance does not cover it', () => {
    const high = lines(describePrepared(txPrepared('eth_sendTransaction', [{ to: FRIEND, value: 10n ** 17n, gas: 21_000n }], { fees: { balance: String(5n * 10n ** 14n) } }), ctx));
    expect(high).toContain('Max network fee: 0.000063 ETH');
    expect(high).toContain('Total: 0.100063 ETH (amount + max network fee)');
    expect(high).toContain('! Your balance (0.0005 ETH) does not cover the amount and the maximum network fee (0.100063 ETH).');
    const share = lines(describePrepared(txPrepared('eth_sendTransaction', [{ to: FRIEND, gas: 21_000n }], { fees: { balance: String(6n * 10n ** 14n) } }), ctx));
    expect(share).toContain('! The maximum network fee (0.000063 ETH) is more than a tenth of your balance.');
  });

  it('shows the simulation: transfers in and out, a revert with its reason, or that it was not available', () => {
    const sim: Simulation = {
      status: 'reverted',
      traced: true,
      calls: [{ ok: true }, { ok: false, revert: 'reverted: too late' }],
      nativeChange: String(-(10n ** 18n)),
      transfers: [
        { standard: 'erc20', token: TOKEN, from: ME, to: FRIEND, amount: String(3n * 10n ** 18n) },
        { standard: 'erc721', token: FRIEND, from: ATTACKER, to: ME, amount: '1', tokenId: '42' },
      ],
    };
    const text = lines(describePrepared(txPrepared('wallet_sendCalls', [{ to: FRIEND, value: 10n ** 18n }, { to: FRIEND }], { simulation: sim }), ctx));
    expect(text).toContain('! Call 2 fails in the simulation (reverted: too late): the network fee is paid even so.');
    expect(text.slice(text.indexOf('# Simulation'))).toEqual([
      '# Simulation',
      'Result of call 2: Fails: reverted: too late [warn]',
      'Your ETH: -1 ETH (without the network fee)',
      `Your LKD: -3 LKD to ${FRIEND}`,
      `Your NFTs: +#42 of ${FRIEND} (symbol unknown) from ${ATTACKER}`,
    ]);
    const none = lines(describePrepared(txPrepared('eth_sendTransaction', [{ to: FRIEND }], { simulation: { status: 'unavailable', traced: false, calls: [], nativeChange: null, transfers: [], note: 'The network did not answer the simulation' } }), ctx));
    expect(none).toContain('! The transaction could not be simulated: what it does on the chain is not known.');
    expect(none).toContain('Result: Not available: The network did not answer the simulation [warn]');
  });

  it('makes hidden characters in a token symbol from the chain visible, and warns', () => {
    const approve = encodeFunctionData({ abi, functionName: 'approve', args: [ATTACKER, 5n * 10n ** 18n] });
    const view = describePrepared(txPrepared('eth_sendTransaction', [{ to: TOKEN, data: approve }], { tokens: { [TOKEN.toLowerCase()]: { symbol: 'US\u202eDC\u200b', decimals: 18 } } }), ctx);
    expect(view.warnings[0]).toBe(HIDDEN_WARNING);
    expect(lines(view)).toContain('Allowance: 5 US⟨U+202E⟩DC⟨U+200B⟩');
    expect(JSON.stringify(view)).not.toMatch(/[\u202e\u200b]/);
  });
});

describe('messages and typed data', () => {
  const sign = (message: string): Prepared => ({ method: 'personal_sign', chainId: 31337, params: [`0x${Buffer.from(message, 'utf8').toString('hex')}`, ME], details: { kind: 'message' } });

  it('shows personal_sign text with bidi and zero-width characters made visible (line breaks kept)', () => {
    const view = describePrepared(sign('Sign in to\u202e elpmaxe\u202c\nfree\u200d\u2066mint\u2069\ufeff'), ctx);
    expect(view.title).toBe('Sign message');
    expect(view.warnings).toEqual([HIDDEN_WARNING]);
    expect(view.sections[0]!.rows.at(-1)).toEqual({ label: 'Message', value: 'Sign in to⟨U+202E⟩ elpmaxe⟨U+202C⟩\nfree⟨U+200D⟩⟨U+2066⟩mint⟨U+2069⟩⟨U+FEFF⟩', block: true });
    const plain = describePrepared(sign('Hello'), ctx);
    expect(plain.warnings).toEqual([]);
    const bytes = describePrepared({ ...sign(''), params: ['0x00ff01', ME] }, ctx);
    expect(lines(bytes)).toContain('Message (bytes): 0x00ff01');
    expect(bytes.warnings).toEqual(['This message is not text: check that you trust this app before you sign its bytes.']);
  });

  it('shows typed data as its domain and fields, recognises a permit, and makes a spoofed domain name visible', () => {
    const typed = {
      types: { EIP712Domain: [], Permit: [] },
      primaryType: 'Permit',
      domain: { name: 'Uniswap\u200f', version: '1', chainId: 31337, verifyingContract: TOKEN },
      message: { owner: ME, spender: ATTACKER, value: maxUint256.toString(), nonce: '0', deadline: '1900000000' },
    };
    const p: Prepared = {
      method: 'eth_signTypedData_v4',
      chainId: 31337,
      params: [ME, typed],
      details: { kind: 'typedData', intent: { kind: 'permit', via: 'signature', token: TOKEN, owner: ME, spender: ATTACKER, amount: maxUint256.toString(), unlimited: true, deadline: '1900000000' }, tokens: LKD },
    };
    expect(lines(describePrepared(p, ctx))).toEqual([
      'Sign typed data',
      `! ${HIDDEN_WARNING}`,
      `! Unlimited permit: ${ATTACKER} can spend all your LKD (${TOKEN}), now and later.`,
      'App: http://dapp.example',
      'Network: Anvil',
      `Account: ${ME}`,
      '# Permit spending of LKD (a signature that works as an approval)',
      `Token: LKD (${TOKEN})`,
      `Owner: ${ME}`,
      `Spender: ${ATTACKER}`,
      'Allowance: Unlimited LKD [warn]',
      'Valid until: 2030-03-17 17:46 UTC',
      '# Domain',
      'Name: Uniswap⟨U+200F⟩',
      'Version: 1',
      'Chain ID: 31337',
      `Contract: ${TOKEN}`,
      '# Message: Permit',
      `owner: ${ME}`,
      `spender: ${ATTACKER}`,
      `value: ${maxUint256}`,
      'nonce: 0',
      'deadline: 1900000000',
    ]);
  });
});

describe('long texts', () => {
  it('cuts a long typed-data value and says how much is left out', () => {
    const p: Prepared = {
      method: 'eth_signTypedData_v4',
      chainId: 31337,
      params: [ME, { types: {}, primaryType: 'Note', domain: { name: 'x'.repeat(300) }, message: { body: 'y'.repeat(5000) } }],
      details: { kind: 'typedData', intent: null, tokens: {} },
    };
    const text = lines(describePrepared(p, ctx));
    expect(text).toContain(`Name: ${'x'.repeat(300)}`);
    expect(text).toContain(`body: ${'y'.repeat(4000)}… (1000 more characters)`);
  });
});

describe('text', () => {
  it('writes every invisible or direction-changing character as ⟨U+…⟩', () => {
    const shown = new Shown();
    const hidden = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u2028', '\u2029', '\u3164', '\u115f', '\u034f', '\u0007', '\r', '\u{e0041}'];
    for (const ch of hidden) expect(shown.text(`a${ch}b`)).toBe(`a⟨U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩b`);
    expect(shown.text('tab\tand\nline', true)).toBe('tab\tand\nline');
    expect(shown.text('one\nline')).toBe('one⟨U+000A⟩line');
    expect(new Shown().text('Grüße, 世界 🙂 é')).toBe('Grüße, 世界 🙂 é');
  });

  it('formats amounts, times and messages', () => {
    expect(formatUnits(10n ** 17n, 18)).toBe('0.1');
    expect(formatUnits(1234567891234567890n, 18)).toBe('1.234567');
    expect(formatUnits(1n, 18)).toBe('<0.000001');
    expect(formatUnits(-1n, 18)).toBe('-<0.000001');
    expect(formatUnits(1n, 9, 9)).toBe('0.000000001');
    expect(formatUnits(-15n * 10n ** 17n, 18)).toBe('-1.5');
    expect(formatTime('0')).toBe('1970-01-01 00:00 UTC');
    expect(formatTime(null)).toBe('Never');
    expect(messageText('0x48656c6c6f')).toBe('Hello');
    expect(messageText('0xff00')).toBeNull();
    expect(messageText('0x0102')).toBeNull();
  });
});

describe('a smart account’s user operation', () => {
  it('shows its calls as a transaction’s, says they land together, and shows the operation’s own fee details', () => {
    const transfer = encodeFunctionData({ abi, functionName: 'transfer', args: [FRIEND, 5n * 10n ** 18n] });
    const calls = [
      { to: FRIEND, value: '0xde0b6b3a7640000', data: '0x' as Hex },
      { to: TOKEN, value: '0x0', data: transfer },
    ];
    const userOperation = { nonce: '0x0', callGasLimit: '0x186a0', verificationGasLimit: '0x493e0', preVerificationGas: '0xc350', maxFeePerGas: `0x${(3n * GWEI).toString(16)}`, maxPriorityFeePerGas: `0x${GWEI.toString(16)}` };
    const maxFee = (100_000n + 300_000n + 50_000n) * 3n * GWEI;
    const fees: Fees = { legacy: false, networkFeePerGas: String(3n * GWEI), ceilingPerGas: String(9n * GWEI), maxNetworkFee: String(maxFee), value: String(10n ** 18n), total: String(10n ** 18n + maxFee), balance: String(100n * 10n ** 18n) };
    const p: Prepared = {
      method: 'wallet_sendCalls',
      chainId: 31337,
      params: [{ from: ME, chainId: '0x7a69', calls, userOperation }],
      details: {
        kind: 'userOperation',
        intents: calls.map((c) => decodeCall(c.to, c.data)),
        fees,
        simulation: { ...OK, calls: [{ ok: true }, { ok: true }] },
        tokens: LKD,
        account: { address: ME, deployed: false, entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' },
      },
    };
    const text = lines(describePrepared(p, ctx));
    expect(text).toEqual([
      'Send 2 calls from your smart account',
      'App: http://dapp.example',
      'Network: Anvil',
      `Account: ${ME}`,
      '# Smart account',
      'Sent as: One user operation: all 2 calls happen, or none',
      'Account: Created by this operation (its first)',
      '# Call 1 of 2: Send',
      `To: ${FRIEND}`,
      'Amount: 1 ETH',
      '# Call 2 of 2: Send LKD',
      `To: ${TOKEN}`,
      'Amount: 0 ETH',
      `Token: LKD (${TOKEN})`,
      `Recipient: ${FRIEND}`,
      'Amount: 5 LKD',
      '> Raw data (68 bytes)',
      `  Data: ${transfer} (68 bytes)`,
      '# Network fee',
      'Max network fee: 0.00135 ETH',
      'Total: 1.00135 ETH (amount + max network fee)',
      '> Fee details',
      '  Max fee per gas: 3 gwei (priority 1 gwei)',
      '  Gas limit: 100000 + 300000 + 50000 (calls + verification + bundler)',
      '  Nonce: 0',
      '  EntryPoint: 0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
      '# Simulation',
      'Result: Succeeds',
      'Your ETH: 0 ETH (without the network fee)',
    ]);
  });
});
