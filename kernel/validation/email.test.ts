import { isEmail } from './email';

describe('isEmail', () => {
  it.each([
    'a@b.co',
    'first.last@example.com',
    'user+tag@sub.example.org',
    "o'brien@example.ie",
    'x_y-z@my-domain.io',
  ])('accepts %p', (v) => expect(isEmail(v)).toBe(true));

  it.each([
    '',
    'plain',
    '@example.com',
    'user@',
    'user@example',
    'user@example.c',
    'user@@example.com',
    'us er@example.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example..com',
    `${'a'.repeat(250)}@b.co`,
  ])('refuses %p', (v) => expect(isEmail(v)).toBe(false));

  it('refuses non-strings', () => {
    expect(isEmail(undefined)).toBe(false);
    expect(isEmail({})).toBe(false);
  });
});
