import { ApiError } from '../errors';
import { parseRegisterMessage } from './names';

const zones = ['latchkey.id'];
const nowS = 1_800_000_000;
const window = { maxAgeS: 300, futureSkewS: 30, nowS };
const msg = (o: object) => JSON.stringify({ name: 'alice.latchkey.id', attributes: {}, timestamp: nowS, ...o });
const description = (m: unknown) => {
  try {
    parseRegisterMessage(m, zones, window);
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
  return 'accepted';
};

describe('the signed registration message {name, attributes, timestamp}', () => {
  it('is accepted within the time window, with supported attributes', () => {
    expect(parseRegisterMessage(msg({ attributes: { bio: 'Hi there', avatar: 'https://x.org/a.png' } }), zones, window)).toEqual({
      name: 'alice.latchkey.id',
      label: 'alice',
      attributes: { bio: 'Hi there', avatar: 'https://x.org/a.png' },
      timestamp: nowS,
    });
    expect(description(msg({ timestamp: nowS - 300 }))).toBe('accepted');
    expect(description(msg({ timestamp: nowS + 30 }))).toBe('accepted');
    expect(description(msg({ attributes: undefined }))).toBe('accepted');
  });
  it('refuses stale and future timestamps (seconds)', () => {
    expect(description(msg({ timestamp: nowS - 301 }))).toBe(`Signature UNIXTIME timestamp is too old: ${nowS - 301}`);
    expect(description(msg({ timestamp: nowS + 31 }))).toBe(`Signature UNIXTIME timestamp is in the future: ${nowS + 31}`);
    expect(description(msg({ timestamp: nowS * 1000 }))).toContain('in the future'); // milliseconds by mistake
    expect(description(msg({ timestamp: '1' }))).toBe('timestamp must be unix time in seconds');
  });
  it('refuses names that break the rules, unknown fields and attributes', () => {
    expect(description(msg({ name: 'al.latchkey.id' }))).toBe('Invalid name length: al (at least 4 characters)');
    expect(description(msg({ name: 'al!ce.latchkey.id' }))).toBe('Invalid name format: al!ce (letters, digits and hyphen only)');
    expect(description(msg({ extra: 1 }))).toBe('Unknown field in message: extra');
    expect(description(msg({ attributes: { twitter: 'x' } }))).toBe('Unsupported name attribute in payload');
    expect(description(msg({ attributes: { bio: '<b>' } }))).toContain('bio:');
    expect(description(msg({ attributes: { avatar: 'javascript:alert(1)' } }))).toContain('avatar');
    expect(description(msg({ attributes: [] }))).toBe('attributes must be an object');
  });
  it('must be the signed JSON text', () => {
    expect(description({ name: 'alice.latchkey.id' })).toBe('message must be the signed JSON text');
    expect(description('not json')).toBe('message is not valid JSON');
    expect(description('[]')).toBe('message must be a JSON object');
    expect(description('x'.repeat(3000))).toBe('message must be 1 to 2048 characters');
  });
});
