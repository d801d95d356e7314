import { createRouter } from './router.mjs';

const routes = [
  { method: 'GET', path: '/', name: 'home' },
  { method: 'GET', path: '/v1/account/:address/balance', name: 'balance' },
  { method: 'POST', path: '/v1/account/:address/balance', name: 'set balance' },
  { method: 'POST', path: '/checkout/pay', name: 'pay' },
  { method: 'GET', path: '/frame', name: 'frame' },
  { method: 'GET', path: '/frame/', name: 'frame/' },
  { method: 'GET', path: '/v1/:first/:second', name: 'pair' },
] as const;
const router = createRouter(routes);

describe('createRouter', () => {
  it('finds the route of a path and method, with its parameters percent-decoded', () => {
    const m = router.match('GET', '/v1/account/0xabc/balance');
    expect(m.route?.name).toBe('balance');
    expect(m.route && m.params).toEqual({ address: '0xabc' });
    expect(router.match('POST', '/v1/account/0xabc/balance').route?.name).toBe('set balance');
    const pair = router.match('GET', '/v1/a%20b/%2Fc');
    expect(pair.route && pair.params).toEqual({ first: 'a b', second: '/c' });
    expect(router.match('GET', '/').route?.name).toBe('home');
  });

  it('answers HEAD with the GET route', () => {
    expect(router.match('HEAD', '/frame').route?.name).toBe('frame');
    expect(router.match('HEAD', '/checkout/pay')).toEqual({ status: 405, allow: ['POST'] });
  });

  it('matches the whole path exactly: segment count, literal segments, a trailing slash', () => {
    expect(router.match('GET', '/frame/').route?.name).toBe('frame/');
    expect(router.match('GET', '/v1/account/0xabc/balance/')).toEqual({ status: 404 });
    expect(router.match('GET', '/v1/account')).toEqual({ status: 404 });
    expect(router.match('POST', '/checkout/pay/more')).toEqual({ status: 404 });
    expect(router.match('POST', '/checkout//pay')).toEqual({ status: 404 });
    expect(router.match('POST', '/chec%6Bout/pay')).toEqual({ status: 404 });
    expect(router.match('GET', 'frame')).toEqual({ status: 404 });
  });

  it('tells a path no route has (404) from a method the path does not allow (405, with the methods it does)', () => {
    expect(router.match('GET', '/nope')).toEqual({ status: 404 });
    expect(router.match('GET', '/checkout/pay')).toEqual({ status: 405, allow: ['POST'] });
    expect(router.match('DELETE', '/v1/account/0xabc/balance')).toEqual({ status: 405, allow: ['GET', 'POST'] });
    expect(router.match('POST', '/frame')).toEqual({ status: 405, allow: ['GET'] });
  });

  it('takes the first route that matches, in table order', () => {
    expect(router.match('GET', '/v1/account/x').route?.name).toBe('pair');
    const first = createRouter([
      { method: 'GET', path: '/a/:id', n: 1 },
      { method: 'GET', path: '/a/b', n: 2 },
    ]);
    expect(first.match('GET', '/a/b').route?.n).toBe(1);
  });

  it('refuses a parameter that is not percent-encoding (400), and a route path without its leading slash', () => {
    expect(router.match('GET', '/v1/account/%zz/balance')).toEqual({ status: 400 });
    expect(() => createRouter([{ method: 'GET', path: 'health' }])).toThrow(/must start with "\/"/);
  });
});
