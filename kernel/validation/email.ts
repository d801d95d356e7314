/** E-mail format check for the connect-email and update-email fields (spec section 5). */

const EMAIL =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+(?<!\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/**
 * A practical address check: a dot-atom local part (no leading, trailing or
 * double dots), '@', and a domain of DNS labels ending in a 2+ letter TLD;
 * at most 254 characters. Quoted local parts and IP-literal domains are refused.
 */
export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}
