/**
 * `latchkey/ui/tokens`: the one token chooser (Send and Swap share it; a plugin that lets a
 * visitor pick a token uses it too). Its own entry so that it loads only with the views that
 * choose a token.
 */
export { TokenChooser, TokenButton, TokenImage, type TokenOption, type TokenImageSource, type TokenChooserProps, type TokenButtonProps } from './TokenChooser';
export { messages as tokenMessages } from './messages';
