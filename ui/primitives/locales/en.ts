/** English, with the alert banner (the kernel's catalogue, kernel/alerts.ts, by key) (the other locales are chunks of their own). */
export const en = {
  dismiss: 'Dismiss',
  NETWORK_NOT_FOUND: 'Network Not Found',
  NETWORK_NOT_FOUND_LONG: 'Make sure the network is in the \'networks\' array of the options.',
  ORIGIN_NOT_ALLOWED: 'Invalid App Configuration',
  ORIGIN_NOT_ALLOWED_LONG: 'This origin is not on the project\'s allowlist. Add it in the provider\'s cloud dashboard.',
  INVALID_APP_CONFIGURATION: 'Invalid App Configuration',
  INVALID_APP_CONFIGURATION_LONG: 'The project id is invalid. Check the projectId option.',
  SESSION_EXPIRED: 'Session Expired',
  SESSION_EXPIRED_LONG: 'The session is invalid. Check your device\'s time settings, then reconnect.',
  PROJECT_ID_NOT_CONFIGURED: 'Project ID Not Configured',
  SWITCH_NETWORK_NOT_FOUND: 'Switch network not found',
};
