/** A problem are-the-types-wrong reports (the fields this package's checks read). */
export interface TypeProblem {
  readonly kind: string;
  readonly entrypoint?: string;
  readonly resolutionKind?: string;
  readonly resolutionOption?: string;
  readonly fileName?: string;
  readonly moduleSpecifier?: string;
}

/** attw's analysis of `tarball`: its entry points and the problems under node16 from ESM and bundler resolution. */
export function typeProblems(tarball: string): { entrypoints: string[]; problems: TypeProblem[] };
