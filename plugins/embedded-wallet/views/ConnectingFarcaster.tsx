/**
 * ConnectingFarcaster (docs/embedded-wallet.md#social-login): the Farcaster sign-in URI as a QR code and a link; the
 * wallet waits for the approval on the phone (asked again while this view is shown), then the
 * login finishes.
 */
import { useEffect, useState } from 'react';
import { Button, LoadingState, Text, copyText, defineView, sanitizeUrl, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { QrCode } from 'latchkey/ui/qr';
import { RetryError, useRetry, useWallet } from './common';

export default defineView<'ConnectingFarcaster'>(function ConnectingFarcaster({ kernel }) {
  const [wallet] = useWallet(kernel);
  const t = useMessages(messages);
  const [uri, setUri] = useState<string>();
  const { error, setError, round, retry } = useRetry();

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
        <RetryError error={error} onRetry={retry} />
      </div>
    );
  }
  if (!uri) return <LoadingState label={t('farcasterLoading')} />;
  return (
    <div className="lk-stack lk-center">
      <QrCode value={uri} label={t('farcasterQr')} />
      <Text variant="small">{t('farcasterScan')}</Text>
      <div className="lk-row">
        {/* The frame's link, through the URL gate (a Farcaster https link, or an app's own scheme; never javascript:). */}
        {sanitizeUrl(uri, 'deepLink') ? (
          <a className="lk-btn lk-btn-secondary" href={sanitizeUrl(uri, 'deepLink')} target="_blank" rel="noopener noreferrer">
            {t('openLink')}
          </a>
        ) : null}
        <Button
          variant="secondary"
          aria-label={t('copyLink')}
          onClick={() => void copyText(kernel.snackbar, uri, { copied: t('linkCopied'), failed: t('copyFailed') })}
        >
          {t('copyLink')}
        </Button>
      </div>
    </div>
  );
});
