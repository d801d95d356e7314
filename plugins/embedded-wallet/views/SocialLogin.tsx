/**
 * The Connect view's social method: one button per provider, named by it ("Google", "X",
 * "Discord", "GitHub", "Apple", "Facebook", "Farcaster"), from `features.socials` minus those a
 * Telegram mini-app cannot open on this platform. A click opens the login popup at once (inside
 * the click, so it is not blocked), then asks the wallet for the provider's address; Farcaster
 * has its own view (a QR code and a link).
 */
import { Environment } from 'latchkey';
import { Button, defineView, useMessages, useObserved } from 'latchkey/ui';
import { messages } from '../messages';
import { providerTitle, visibleSocials } from '../social';
import { useWallet } from './common';

/** The popup the provider's login page opens in (AppKit's size). */
const POPUP_FEATURES = 'popup=yes,width=600,height=800,scrollbars=yes';

export default defineView<'SocialLogin'>(function SocialLogin({ kernel }) {
  const [wallet] = useWallet(kernel);
  const t = useMessages(messages);
  const socials = useObserved(kernel.options, (o) => o.features.socials);
  const env = kernel.get<Environment>(Environment);
  const providers = visibleSocials(socials, env);
  if (providers.length === 0) return null;

  const start = (provider: (typeof providers)[number]) => {
    if (provider === 'farcaster') {
      kernel.router.push('ConnectingFarcaster');
      return;
    }
    let popup: Window | null = null;
    if (!env.isTelegram()) {
      try {
        popup = env.window?.open('', 'latchkey-social-login', POPUP_FEATURES) ?? null;
      } catch {
        popup = null; // blocked: a full redirect instead
      }
    }
    kernel.router.push('ConnectingSocial', { provider, title: providerTitle(provider) });
    wallet.socialLogin(provider, popup).catch(() => undefined); // ConnectingSocial shows the outcome
  };

  return (
    <div className="lk-row" role="group" aria-label={t('socialGroup')} onPointerEnter={() => wallet.prepare()} onFocus={() => wallet.prepare()}>
      {providers.map((p) => (
        <Button key={p} variant="secondary" onClick={() => start(p)}>
          {providerTitle(p)}
        </Button>
      ))}
    </div>
  );
});
