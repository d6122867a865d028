import { foundationScenarios } from './foundation';

export type { BenchContext, Scenario } from './foundation';

/** Hot paths measured by `npm run bench`, in the order printed. Each domain adds its file here. */
export const scenarios = [...foundationScenarios];
