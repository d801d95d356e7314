/**
 * MessageStore's eviction order at its total bound (store.mjs), without a relay: an address's
 * messages another client has received go before the ones still waiting for their recipient, and a
 * receipt never evicts the receiving address's waiting messages. (abuse.int.test.ts found the case:
 * a dapp's answer to a delivery, at the bound, evicted the settle request the dapp was to fetch next.)
 */
import { MessageStore, type StoredMessage } from './store.mjs';

const topic = (c: string) => c.repeat(64);
const text = (tag: string) => `${tag}:${'x'.repeat(1000)}`;

function setUp() {
  const store = new MessageStore({ maxMessages: 1000, maxBytes: 1 << 30, maxMessagesPerTopic: 1000, maxBytesPerTopic: 1 << 30, maxBytesPerAddress: 1 << 30 });
  /** As the hub publishes: stored, and its publisher counts as having it. */
  const publish = (t: string, tag: string, identity: string, address: string): StoredMessage => {
    const { msg } = store.put({ topic: topic(t), message: text(tag), ttlMs: 300_000, tag: 1, owner: address });
    store.addRecipient(msg, identity, address);
    return msg;
  };
  const stored = () => [...store.all].map((m) => m.message.split(':')[0]);
  /** From here on the store is exactly at its total bound. */
  const full = () => (store.limits = { ...store.limits, maxBytes: store.bytes });
  return { store, publish, stored, full };
}

describe('relay message store at its total bound', () => {
  it('a receipt evicts the receiving address’s received messages, never its waiting ones, then the largest address’s oldest', () => {
    const { store, publish, stored, full } = setUp();
    const f1 = publish('a', 'f1', 'did:flood', 'flooder');
    const f2 = publish('b', 'f2', 'did:flood', 'flooder');
    publish('e', 'f3', 'did:flood', 'flooder');
    // the wallet (address "home") stores the settle request first, then a response the dapp receives
    publish('c', 'settle', 'did:wallet', 'home');
    const response = publish('d', 'response', 'did:wallet', 'home');
    store.addRecipient(response, 'did:dapp', 'home');
    full();
    // the dapp (same address) receives one of the flooder's messages: its bytes pass the bound
    store.addRecipient(f1, 'did:dapp', 'home');
    expect(stored()).toEqual(['f1', 'f2', 'f3', 'settle']);
    // at the bound again, with nothing of "home" received left: the flooder (holding the most) loses
    // its oldest message other than the one received
    full();
    store.addRecipient(f2, 'did:dapp', 'home');
    expect(stored()).toEqual(['f2', 'f3', 'settle']);
    expect(store.bytes).toBeLessThanOrEqual(store.limits.maxBytes);
  });

  it('a publish evicts the publishing address’s received messages before its waiting ones, even older ones', () => {
    const { store, publish, stored, full } = setUp();
    publish('a', 'waiting', 'did:wallet', 'home');
    const received = publish('b', 'received', 'did:wallet', 'home');
    store.addRecipient(received, 'did:dapp', 'elsewhere');
    publish('c', 'f1', 'did:flood', 'flooder');
    full();
    publish('d', 'next', 'did:wallet', 'home');
    expect(stored()).toEqual(['waiting', 'f1', 'next']);
    // nothing of "home" received left: its own oldest waiting message goes (the publisher pays)
    publish('e', 'after', 'did:wallet', 'home');
    expect(stored()).toEqual(['f1', 'next', 'after']);
  });
});
