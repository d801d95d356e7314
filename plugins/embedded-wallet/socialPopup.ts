/** Waiting for a social login's popup to come back to this page's origin with its `result_uri`. */
import { CODES, EmbeddedWalletError } from './errors';

/** How often the opener looks at a social-login popup. */
const POPUP_POLL_MS = 250;

export interface PopupWait {
  /** Resolves with the URL the popup came back to; rejects when it is closed or cancelled. */
  readonly result: Promise<string>;
  /** Closes the popup and rejects `result` ('The social login was cancelled'). */
  cancel(): void;
}

/**
 * Polls `popup` until it is on `origin` with a `result_uri` parameter (reading its location throws
 * while it is on the provider's origin), then closes it. A closed popup rejects with
 * 'The login window was closed'.
 */
export function waitForPopup(popup: Window, origin: string): PopupWait {
  let cancel: () => void = () => undefined;
  const result = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      let href: string | undefined;
      try {
        if (popup.closed) {
          clearInterval(timer);
          reject(new EmbeddedWalletError('The login window was closed', { code: CODES.rejected }));
          return;
        }
        href = popup.location.href;
      } catch {
        return;
      }
      let url: URL;
      try {
        url = new URL(href);
      } catch {
        return;
      }
      if (url.origin !== origin || !url.searchParams.has('result_uri')) return;
      clearInterval(timer);
      popup.close();
      resolve(href);
    }, POPUP_POLL_MS);
    cancel = () => {
      clearInterval(timer);
      popup.close();
      reject(new EmbeddedWalletError('The social login was cancelled', { code: CODES.rejected }));
    };
  });
  return { result, cancel };
}
