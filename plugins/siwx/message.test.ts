/**
 * The messages the plugin builds parse with an independent EIP-4361 implementation
 * (@spruceid/siwe-parser) and verify with viem; the CAIP-122 texts for Solana and Bitcoin;
 * the plugin's own verification (EOA, tampering, ed25519).
 */
import { ParsedMessage } from '@spruceid/siwe-parser';
import { base58 } from '@scure/base';
import { privateKeyToAccount } from 'viem/accounts';
import { verifyMessage } from 'viem';
import { formatSiwxMessage, generateNonce, isCurrent, isMessageData, isSession, sameAccount, siwxMessage } from './message';
import { verifySession } from './verify';
import type { SiwxMessageData, SiwxSession } from './types';

// anvil's public dev key #0 (development only)
const signer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

const base: SiwxMessageData = {
  accountAddress: signer.address,
  chainId: 'eip155:31337',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  version: '1',
  nonce: 'k3Ns9xQ2pL7mW4vZ',
  issuedAt: '2026-11-22T10:00:00.000Z',
};

const noRpc = { rpc: () => undefined };

describe('EIP-4361 messages (eip155)', () => {
  it('parse with @spruceid/siwe-parser, field for field, without a statement', () => {
    const text = formatSiwxMessage(base);
    const parsed = new ParsedMessage(text);
    expect(parsed).toMatchObject({
      domain: 'localhost:5173',
      address: signer.address,
      statement: undefined,
      uri: 'http://localhost:5173',
      version: '1',
      chainId: 31337,
      nonce: 'k3Ns9xQ2pL7mW4vZ',
      issuedAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it('parse with every optional field', () => {
    const data: SiwxMessageData = {
      ...base,
      chainId: 'eip155:1',
      statement: 'Sign in to the Latchkey demo',
      expirationTime: '2026-11-23T10:00:00.000Z',
      notBefore: '2026-11-22T09:59:00.000Z',
      requestId: 'req-42',
      resources: ['https://example.com/terms', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/'],
    };
    const parsed = new ParsedMessage(siwxMessage(data).toString());
    expect(parsed).toMatchObject({
      statement: 'Sign in to the Latchkey demo',
      chainId: 1,
      expirationTime: '2026-11-23T10:00:00.000Z',
      notBefore: '2026-11-22T09:59:00.000Z',
      requestId: 'req-42',
      resources: data.resources,
    });
  });

  it('verify with viem once signed, and with the plugin', async () => {
    const message = formatSiwxMessage({ ...base, statement: 'Sign in' });
    const signature = await signer.signMessage({ message });
    expect(await verifyMessage({ address: signer.address, message, signature })).toBe(true);
    const session: SiwxSession = { data: { ...base, statement: 'Sign in' }, message, signature };
    expect(await verifySession(session, noRpc)).toBe(true);
  });

  it('the plugin refuses a changed message, data that does not give the message, and another signer', async () => {
    const message = formatSiwxMessage(base);
    const signature = await signer.signMessage({ message });
    const session: SiwxSession = { data: base, message, signature };
    expect(await verifySession({ ...session, message: `${message}\n` }, noRpc)).toBe(false);
    // a stored session cannot claim a later expiry than the one signed
    expect(await verifySession({ ...session, data: { ...base, expirationTime: '2099-01-01T00:00:00.000Z' } }, noRpc)).toBe(false);
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
    expect(await verifySession({ ...session, signature: await other.signMessage({ message }) }, noRpc)).toBe(false);
    // not an EOA signature and no chain to ask: not verified
    expect(await verifySession({ ...session, signature: `0x${'11'.repeat(100)}` }, noRpc)).toBe(false);
    expect(await verifySession({ ...session, signature: 'not hex' }, noRpc)).toBe(false);
  });
});

describe('CAIP-122 messages (Solana, Bitcoin)', () => {
  it('name the account kind and give the CAIP-2 reference as the chain id', () => {
    const sol = formatSiwxMessage({ ...base, chainId: 'solana:BnAZyDyPdEZzajeAKFyfJg6h4CW6WGvu', accountAddress: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96' });
    expect(sol.split('\n')).toEqual([
      'localhost:5173 wants you to sign in with your Solana account:',
      'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
      '',
      '',
      'URI: http://localhost:5173',
      'Version: 1',
      'Chain ID: BnAZyDyPdEZzajeAKFyfJg6h4CW6WGvu',
      'Nonce: k3Ns9xQ2pL7mW4vZ',
      'Issued At: 2026-11-22T10:00:00.000Z',
    ]);
    const btc = formatSiwxMessage({ ...base, chainId: 'bip122:000000000933ea01ad0ee984209779ba', accountAddress: 'tb1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelvmc7t8', statement: 'Hi' });
    expect(btc).toContain('wants you to sign in with your Bitcoin account:\ntb1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelvmc7t8\n\nHi\n\nURI:');
    expect(btc).toContain('Chain ID: 000000000933ea01ad0ee984209779ba');
  });

  it('a Solana session verifies with ed25519 over the message bytes', async () => {
    const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
    const data: SiwxMessageData = { ...base, chainId: 'solana:BnAZyDyPdEZzajeAKFyfJg6h4CW6WGvu', accountAddress: base58.encode(publicKey) };
    const message = formatSiwxMessage(data);
    const signature = base58.encode(new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new TextEncoder().encode(message))));
    expect(await verifySession({ data, message, signature }, noRpc)).toBe(true);
    const tampered = formatSiwxMessage({ ...data, nonce: 'differentNonce1' });
    expect(await verifySession({ data: { ...data, nonce: 'differentNonce1' }, message: tampered, signature }, noRpc)).toBe(false);
    expect(await verifySession({ data, message, signature: base58.encode(new Uint8Array(64)) }, noRpc)).toBe(false);
    // stored data that is not base58 (a signature, an address) verifies as false, it does not throw
    expect(await verifySession({ data, message, signature: `0OIl${signature.slice(4)}` }, noRpc)).toBe(false);
    const notBase58 = { ...data, accountAddress: `0${data.accountAddress.slice(1)}` };
    expect(await verifySession({ data: notBase58, message: formatSiwxMessage(notBase58), signature }, noRpc)).toBe(false);
  });

  it('Bitcoin needs a verifier from the host', async () => {
    const data: SiwxMessageData = { ...base, chainId: 'bip122:000000000933ea01ad0ee984209779ba', accountAddress: 'tb1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelvmc7t8' };
    const session = { data, message: formatSiwxMessage(data), signature: 'AkcwRAIg' };
    expect(await verifySession(session, noRpc)).toBe(false);
    const seen: SiwxSession[] = [];
    expect(await verifySession(session, { ...noRpc, verifiers: { bip122: async (s) => (seen.push(s), true) } })).toBe(true);
    expect(seen).toEqual([session]);
  });
});

describe('helpers', () => {
  it('nonces are alphanumeric, long enough, and differ', () => {
    const a = generateNonce();
    expect(a).toMatch(/^[a-zA-Z0-9]{16}$/);
    expect(generateNonce(8)).toMatch(/^[a-zA-Z0-9]{8}$/);
    expect(new Set(Array.from({ length: 50 }, () => generateNonce())).size).toBe(50);
  });

  it('shapes, validity windows and account matching', () => {
    expect(isMessageData(base)).toBe(true);
    expect(isMessageData({ ...base, version: '2' })).toBe(false);
    expect(isMessageData({ ...base, nonce: 'short' })).toBe(false);
    expect(isMessageData({ ...base, chainId: 'nope' })).toBe(false);
    expect(isMessageData({ ...base, resources: Array(40).fill('x') })).toBe(false);
    expect(isSession({ data: base, message: 'm', signature: 'x'.repeat(20_000) })).toBe(false);
    const now = Date.parse('2026-11-22T12:00:00.000Z');
    expect(isCurrent({ ...base, expirationTime: '2026-11-22T11:59:59.000Z' }, now)).toBe(false);
    expect(isCurrent({ ...base, expirationTime: '2026-11-22T12:00:01.000Z' }, now)).toBe(true);
    expect(isCurrent({ ...base, notBefore: '2026-11-22T12:00:01.000Z' }, now)).toBe(false);
    expect(isCurrent({ ...base, expirationTime: 'garbage' }, now)).toBe(false);
    expect(sameAccount(base, 'eip155:31337', signer.address.toLowerCase())).toBe(true);
    expect(sameAccount(base, 'eip155:1', signer.address)).toBe(false);
    expect(sameAccount({ ...base, chainId: 'solana:x', accountAddress: 'Abc' }, 'solana:x', 'abc')).toBe(false);
  });
});
