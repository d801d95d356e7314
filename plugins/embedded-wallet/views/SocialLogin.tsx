/**
 * The Connect view's social method: one button per provider, named by it ("Google", "X",
 * "Discord", "GitHub", "Apple", "Facebook", "Farcaster"), from `features.socials` minus those a
 * Telegram mini-app cannot open on this platform. A click opens the login popup at once (inside
 * the click, so it is not blocked), then asks the wallet for the provider's address; Farcaster
 * has its own view (a QR code and a link).
 *
 * Each button shows the provider's mark (`latchkey/ui/icons`, bundled, never fetched from the
 * provider). The first provider is a full-width button with its mark and name; the others
 * share one even row of mark-only tiles (named by the provider, with a tooltip), AppKit's
 * layout, so that seven providers fit a phone's width. With two or fewer, every button is
 * full width with its name.
 */
import { Environment } from 'latchkey';
import { Button, WalletImage, defineView, useMessages, useObserved } from 'latchkey/ui';
import { socialMark } from 'latchkey/ui/icons';
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

  const wide = providers.length <= 2 ? providers : providers.slice(0, 1);
  const tiles = providers.length <= 2 ? [] : providers.slice(1);
  return (
    <div
      className="lk-socials"
      role="group"
      aria-label={t('socialGroup')}
      style={{ ['--lk-cols' as string]: Math.max(1, Math.min(tiles.length, 6)) }}
      onPointerEnter={() => wallet.prepare()}
      onFocus={() => wallet.prepare()}
    >
      {wide.map((p) => (
        <Button key={p} variant="secondary" className="lk-social lk-social-main" onClick={() => start(p)}>
          <WalletImage src={socialMark(p)} name={providerTitle(p)} size={24} round />
          {providerTitle(p)}
        </Button>
      ))}
      {tiles.map((p) => (
        // a mark-only tile: its name is the provider's ("X"), shown as a tooltip too
        <Button key={p} variant="secondary" className="lk-social" aria-label={providerTitle(p)} title={providerTitle(p)} onClick={() => start(p)}>
          <WalletImage src={socialMark(p)} name={providerTitle(p)} size={24} round />
        </Button>
      ))}
    </div>
  );
});
