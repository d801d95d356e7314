/**
 * Test support: what a well-formed dapp and wallet ask of the relay, as the WalletConnect 2.25 clients
 * do (FACTS.md): the dapp proposes on a pairing topic (wc_proposeSession), the wallet subscribes and
 * approves (wc_approveSession), the dapp gets the response and subscribes to the session topic, gets
 * the settle request, and one request/answer goes each way. Each step waits for its delivery.
 */
import { RawClient, randomTopic } from './rawClient';

/** Runs the pairing and one exchange from `localAddress`; rejects with the step that did not complete within `stepMs`. */
export async function pairAndExchange(url: string, localAddress: string, stepMs: number): Promise<void> {
  const [dapp, wallet] = await Promise.all([RawClient.connect(url, { localAddress, timeoutMs: stepMs }), RawClient.connect(url, { localAddress, timeoutMs: stepMs })]);
  const pairing = randomTopic();
  const session = randomTopic();
  const got = (c: RawClient, topic: string, message: string) => c.waitFor(() => c.messagesOn(topic).includes(message), stepMs, `${message} on ${topic.slice(0, 8)}`);
  try {
    await dapp.call('wc_proposeSession', { pairingTopic: pairing, sessionProposal: 'proposal', ttl: 300 });
    await wallet.call('irn_subscribe', { topic: pairing });
    await got(wallet, pairing, 'proposal');
    await wallet.call('wc_approveSession', { sessionTopic: session, pairingTopic: pairing, sessionProposalResponse: 'approved', sessionSettlementRequest: 'settle', ttl: 300 });
    await got(dapp, pairing, 'approved');
    await dapp.call('irn_subscribe', { topic: session });
    await got(dapp, session, 'settle');
    await dapp.call('irn_publish', { topic: session, message: 'personal_sign', ttl: 300, tag: 1108 });
    await got(wallet, session, 'personal_sign');
    await wallet.call('irn_publish', { topic: session, message: 'signature', ttl: 300, tag: 1109 });
    await got(dapp, session, 'signature');
  } finally {
    await Promise.all([dapp.close(), wallet.close()]);
  }
}
