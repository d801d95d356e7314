/**
 * `latchkey/ui/icons`: the modal's icon set and brand marks, for the core views and the
 * plugins' views alike (one visual language). Its own entry so that the path data loads only
 * with the views that draw icons, never with `latchkey/ui`'s primitives or the start entry.
 */
export { Icon, ICONS, featureIcon, tabIcon, type IconName, type IconProps } from './set';
export { SOCIAL_MARKS, ONRAMP_MARKS, monogram, tokenMark, socialMark, onrampMark } from './brands';
export { chainIcon, chainFamily, CHAIN_ICONS, type ChainFamily } from './chains';
