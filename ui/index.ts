/**
 * Public UI for plugins: primitives, hooks and view typing. Third-party
 * plugins import from here (never from ui internals).
 */
export { Button, type ButtonProps } from './primitives/Button';
export { ListItem, type ListItemProps } from './primitives/ListItem';
export { WalletImage, IMAGE_PRELOAD_TIMEOUT_MS, type WalletImageProps } from './primitives/WalletImage';
export { Snackbar } from './primitives/Snackbar';
export { useSnackbarScope } from './shell/snackbarScope';
export { AlertBanner } from './primitives/AlertBanner';
export { Spinner } from './primitives/Spinner';
export { LoadingState } from './primitives/LoadingState';
export { Tabs, type TabsProps } from './primitives/Tabs';
export { Text, type TextProps } from './primitives/Text';
export { Link } from './primitives/Link';
export { copyText, type CopyTexts } from './primitives/copy';
/** Token values with 2 decimals and separators (docs/modal.md#display-formatting), for the balance and activity plugins. */
export { formatTokenValue } from './formatting';
export { ViewSlot } from './outlet/RouterOutlet';
export { useObserved, shallowEqual } from './react/useObserved';
export { useKernel } from './react/context';
export { defineView, type ViewProps, type ViewComponent } from './views/types';
export { truncateAddress, formatBalance, errorText, isUserRejection } from './format';
export { sanitizeUrl, type UrlUse } from './url';
export type { UiKernel } from './kernel';
export { defineMessages, loadMessages, setLocale, type MessageBundle, type Catalogue, type CatalogueModule } from './i18n/messages';
export { useMessages, useLocale, type Translate } from './i18n/useMessages';
export { LOCALES, direction, matchLocale, format as formatMessage, type Locale } from './i18n/locale';
