import { ALERTS, PROVIDER_ERROR_ALERTS, alertKeyForProviderError } from '../alerts';
import { LatchkeyError } from '../errors/base';
import { AlertsImpl } from './Alerts';

describe('alert catalogue', () => {
  it('has the spec short texts', () => {
    const short = Object.fromEntries(Object.entries(ALERTS).map(([k, v]) => [k, v.shortMessage]));
    expect(short).toEqual({
      NETWORK_NOT_FOUND: 'Network Not Found',
      ORIGIN_NOT_ALLOWED: 'Invalid App Configuration',
      INVALID_APP_CONFIGURATION: 'Invalid App Configuration',
      SESSION_EXPIRED: 'Session Expired',
      PROJECT_ID_NOT_CONFIGURED: 'Project ID Not Configured',
      SWITCH_NETWORK_NOT_FOUND: 'Switch network not found',
    });
    for (const [k, v] of Object.entries(ALERTS)) expect(v.key).toBe(k);
    expect(ALERTS.NETWORK_NOT_FOUND.longMessage).toContain("'networks' array");
    expect(ALERTS.ORIGIN_NOT_ALLOWED.longMessage).toMatch(/allowlist/);
  });

  it('maps the three provider error texts, also inside longer messages and causes', () => {
    expect(PROVIDER_ERROR_ALERTS).toHaveLength(3);
    expect(alertKeyForProviderError(new Error('Unauthorized: origin not allowed'))).toBe('ORIGIN_NOT_ALLOWED');
    expect(alertKeyForProviderError('WebSocket: JWT validation error: JWT Token is not yet valid (3000)')).toBe(
      'SESSION_EXPIRED',
    );
    const wrapped = new LatchkeyError('Connection failed', { cause: new Error('Unauthorized: invalid key') });
    expect(alertKeyForProviderError(wrapped)).toBe('INVALID_APP_CONFIGURATION');
    expect(alertKeyForProviderError({ message: 'Unauthorized: invalid key' })).toBe('INVALID_APP_CONFIGURATION');
    expect(alertKeyForProviderError(new Error('socket hang up'))).toBeUndefined();
    expect(alertKeyForProviderError(undefined)).toBeUndefined();
    expect(alertKeyForProviderError(42)).toBeUndefined();
  });
});

describe('AlertsImpl', () => {
  it('shows an alert once per key', () => {
    const alerts = new AlertsImpl();
    expect(alerts.showKey('SESSION_EXPIRED')).toBe(true);
    expect(alerts.state.current).toBe(ALERTS.SESSION_EXPIRED);
    alerts.dismiss();
    expect(alerts.state.current).toBeUndefined();
    expect(alerts.showKey('SESSION_EXPIRED')).toBe(false);
    expect(alerts.state.current).toBeUndefined();
    expect(alerts.state.shown).toEqual(['SESSION_EXPIRED']);
  });

  it('keys sharing a short text are still separate alerts', () => {
    const alerts = new AlertsImpl();
    expect(alerts.showKey('ORIGIN_NOT_ALLOWED')).toBe(true);
    expect(alerts.showKey('INVALID_APP_CONFIGURATION')).toBe(true);
    expect(alerts.state.current?.key).toBe('INVALID_APP_CONFIGURATION');
  });

  it('accepts custom alerts and refuses unknown keys', () => {
    const alerts = new AlertsImpl();
    expect(alerts.showKey('NOPE')).toBe(false);
    expect(alerts.show({ key: 'CUSTOM', shortMessage: 'Hi', variant: 'info' })).toBe(true);
    expect(alerts.show({ key: 'CUSTOM', shortMessage: 'Hi again', variant: 'info' })).toBe(false);
    expect(alerts.state.current?.shortMessage).toBe('Hi');
  });

  it('maps provider errors and shows each once', () => {
    const alerts = new AlertsImpl();
    const seen: (string | undefined)[] = [];
    alerts.state$.subscribe((s) => seen.push(s.current?.key));
    expect(alerts.showProviderError(new Error('Unauthorized: origin not allowed'))).toBe(true);
    expect(alerts.showProviderError(new Error('Unauthorized: origin not allowed'))).toBe(false);
    expect(alerts.showProviderError(new Error('something else'))).toBe(false);
    expect(seen).toEqual([undefined, 'ORIGIN_NOT_ALLOWED']);
  });
});
