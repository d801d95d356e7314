/**
 * ConnectingFarcaster (spec section 2): the Farcaster sign-in URI as a QR code and a link; the
 * wallet waits for the approval on the phone (asked again while this view is shown), then the
 * login finishes.
 */
import { useEffect, useState } from 'react';
import { Button, LoadingState, Text, defineView, sanitizeUrl } from 'latchkey/ui';
import { QrCode } from './QrCode';
import { ErrorLine, useWallet } from './common';

export default defineView<'ConnectingFarcaster'>(function ConnectingFarcaster({ kernel }) {
  const [wallet] = useWallet(kernel);
  const [uri, setUri] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [round, setRound] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    setUri(undefined);
    void (async () => {
      try {
        const url = await wallet.farcasterUri();
        if (abort.signal.aborted) return;
        setUri(url);
        await wallet.connectFarcaster(abort.signal);
      } catch (err) {
        if (!abort.signal.aborted) setError(err);
      }
    })();
    return () => abort.abort();
  }, [wallet, round]);

  if (error) {
    return (
      <div className="lk-stack lk-center">
        <ErrorLine error={error} />
        <Button
          variant="primary"
          onClick={() => {
            setError(undefined);
            setRound((r) => r + 1);
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (!uri) return <LoadingState label="Getting the Farcaster link…" />;
  return (
    <div className="lk-stack lk-center">
      <QrCode value={uri} label="QR code for Farcaster" />
      <Text variant="small">Scan with your phone's camera or open the link, then approve in Farcaster.</Text>
      <div className="lk-row">
        {/* The frame's link, through the URL gate (a Farcaster https link, or an app's own scheme; never javascript:). */}
        {sanitizeUrl(uri, 'deepLink') ? (
          <a className="lk-btn lk-btn-secondary" href={sanitizeUrl(uri, 'deepLink')} target="_blank" rel="noopener noreferrer">
            Open link
          </a>
        ) : null}
        <Button
          variant="secondary"
          aria-label="Copy link"
          onClick={() =>
            void navigator.clipboard?.writeText(uri).then(
              () => kernel.snackbar.success('Link copied'),
              () => kernel.snackbar.error('Failed to copy'),
            )
          }
        >
          Copy link
        </Button>
      </div>
    </div>
  );
});
