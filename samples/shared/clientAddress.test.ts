import { clientAddressKey } from './clientAddress.mjs';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const a = clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2::1')).toBe(a);
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(a);
  });

  it('expands :: anywhere and ignores a zone id', () => {
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('still gives one key for a value that is not an address', () => {
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('x'.repeat(100))).toHaveLength(64);
  });
});
