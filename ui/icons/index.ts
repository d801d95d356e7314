/**
 * `latchkey/ui/icons`: the modal's icon set and brand marks, for the core views and the
 * plugins' views alike (one visual language). Its own entry so that the path data loads only
 * with the views that draw icons, never with `latchkey/ui`'s primitives or the start entry;
 * each family of marks is a module of its own, so a view carries only the marks it shows.
 */
export { Icon, ICONS, featureIcon, tabIcon, type IconName, type IconProps } from './set';
export { SOCIAL_MARKS, socialMark } from './social';
export { ONRAMP_MARKS, onrampMark } from './onramp';
export { tokenMark, type TokenMarkRef } from './tokens';
export { monogram } from './svg';
export { chainIcon, chainFamily, CHAIN_ICONS, type ChainFamily } from './chains';
