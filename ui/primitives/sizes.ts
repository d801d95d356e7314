/**
 * Image and spinner sizes (px) that have a class of their own, `lk-sz-N` (24 in the base
 * stylesheet for the host buttons, the others in the modal's): no style attribute needed.
 */
export const SIZE_CLASSES: readonly number[] = [16, 20, 24, 28, 40, 80];
