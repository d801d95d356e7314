/**
 * The WalletConnect mark (blue cloud-bridge), inline so the list shows it offline. Marked pure:
 * a bundle that does not show it drops it.
 */
export const WALLETCONNECT_ICON =
  'data:image/svg+xml,' +
  /* @__PURE__ */ encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="#3396FF"/>' +
      '<path d="M29.6 36.6c10.1-9.9 26.6-9.9 36.7 0l1.2 1.2c.5.5.5 1.3 0 1.8l-4.2 4.1a.7.7 0 0 1-.9 0l-1.7-1.7c-7.1-6.9-18.5-6.9-25.6 0l-1.8 1.8a.7.7 0 0 1-.9 0l-4.2-4.1c-.5-.5-.5-1.3 0-1.8l1.4-1.3Zm45.3 8.4 3.8 3.7c.5.5.5 1.3 0 1.8L61.6 67.2c-.5.5-1.3.5-1.8 0L47.7 55.4a.3.3 0 0 0-.4 0L35.2 67.2c-.5.5-1.3.5-1.8 0L16.3 50.5c-.5-.5-.5-1.3 0-1.8l3.8-3.7c.5-.5 1.3-.5 1.8 0l12.1 11.8c.1.1.3.1.4 0L46.5 45c.5-.5 1.3-.5 1.8 0l12.1 11.8c.1.1.3.1.4 0L72.9 45c.6-.5 1.4-.5 2 0Z" fill="#fff"/></svg>',
  );
