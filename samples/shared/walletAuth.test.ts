/**
 * The wallet's side of one-click sign-in (samples/shared/walletAuth.mjs): the requests a proposal
 * carries, each signed for the first of its chains the wallet serves with the sign client's text,
 * as a cacao the dapp's side reads back (plugins/walletconnect/oneClickAuth's signedSessions).
 */
import { formatMessage } from '@walletconnect/utils';
import { verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { signedSessions, type Cacao } from '../../plugins/walletconnect/oneClickAuth';
import { proposalSignIns, signAuthentication } from './walletAuth.mjs';

const account = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a');
const request = { domain: 'app.test', aud: 'https://app.test', version: '1', nonce: 'n0nce1234', iat: '2026-11-28T00:00:00.000Z', type: 'caip122', statement: 'Sign in', chains: ['eip155:1', 'eip155:31337'] };
const wallet = (chains: string[]) => ({
  address: account.address,
  chains,
  format: ({ request: r, iss }: { request: any; iss: string }) => formatMessage(r, iss),
  signMessage: (message: string) => account.signMessage({ message }),
});

it('finds the sign-in requests of a proposal; none on a plain one', () => {
  expect(proposalSignIns({ requests: { authentication: [request, { domain: 'no chains' }, null] } })).toEqual([request]);
  expect(proposalSignIns({ requiredNamespaces: {} })).toEqual([]);
  expect(proposalSignIns(undefined)).toEqual([]);
});

it('signs each request for the first of its chains the wallet serves, as a cacao the dapp reads back', async () => {
  const [signed] = await signAuthentication([request], wallet(['eip155:31337']));
  expect(signed!.cacao.p.iss).toBe(`did:pkh:eip155:31337:${account.address}`);
  expect(await verifyMessage({ address: account.address, message: signed!.message, signature: signed!.cacao.s.s as `0x${string}` })).toBe(true);
  const [session] = signedSessions([signed!.cacao as unknown as Cacao], (p, iss) => formatMessage(p as never, iss));
  expect(session!.message).toBe(signed!.message);
  expect(session!.data).toMatchObject({ accountAddress: account.address, chainId: 'eip155:31337', domain: 'app.test', nonce: 'n0nce1234', statement: 'Sign in' });
});

it('leaves out a request for no chain the wallet serves', async () => {
  expect(await signAuthentication([request], wallet(['eip155:10']))).toEqual([]);
});
