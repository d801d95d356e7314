import { imageUrl } from './imageUrl';

describe('imageUrl', () => {
  it('puts only http(s) and data: image URLs in src', () => {
    expect(imageUrl('https://x.test/a.png')).toBe('https://x.test/a.png');
    expect(imageUrl('http://127.0.0.1:8791/v1/token-icon/eip155:1/native.svg')).toBe('http://127.0.0.1:8791/v1/token-icon/eip155:1/native.svg');
    expect(imageUrl('data:image/svg+xml,%3Csvg/%3E')).toBe('data:image/svg+xml,%3Csvg/%3E');
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>', '/relative.png', '', undefined, 'ftp://x.test/a.png']) expect(imageUrl(bad)).toBeUndefined();
  });
});
