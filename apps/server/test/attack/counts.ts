/** What the route suite counts (attack/route-suite.ts); each part prints its own, the teardown the sum. */
export interface RouteSuiteCounts {
  routes: number;
  matrixCases: number;
  calls: number;
  fuzzCases: number;
  unexpected: number;
}

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 24);
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261124);

export const noCounts = (): RouteSuiteCounts => ({
  routes: 0,
  matrixCases: 0,
  calls: 0,
  fuzzCases: 0,
  unexpected: 0,
});

/** The sentence a part (or the sum of the parts) prints. */
export const countsLine = (label: string, c: RouteSuiteCounts) =>
  `${label}: ${c.routes} routes, ${c.matrixCases} matrix cases, ${c.calls} attack calls, ${c.fuzzCases} fuzz cases, ${c.unexpected} unexpected answers (seed ${FUZZ_SEED})`;
