import { calendarFeedScenarios } from './calendar-feed';
import { companiesScenarios } from './companies';
import { companyRecordScenarios } from './company-record';
import { dealListScenarios } from './deal-list';
import { comparablesScenarios } from './comparables';
import { dealsScenarios } from './deals';
import { enquiriesBoardScenarios } from './enquiries-board';
import { enquiryMatchScenarios } from './enquiry-matches';
import { foundationScenarios } from './foundation';
import { gapAnalysisScenarios } from './gap-analysis';
import { leaseEventsScenarios } from './lease-events';
import { mapScenarios } from './map';
import { propertiesScenarios } from './properties';
import { searchScenarios } from './search';
import { verificationQueueScenarios } from './verification-queue';

export type { BenchContext, Scenario } from './foundation';

/** Hot paths measured by `npm run bench`, in the order printed. Each domain adds its file here. */
export const scenarios = [
  ...foundationScenarios,
  ...companiesScenarios,
  ...searchScenarios,
  ...propertiesScenarios,
  ...dealsScenarios,
  ...dealListScenarios,
  ...comparablesScenarios,
  ...enquiriesBoardScenarios,
  ...enquiryMatchScenarios,
  ...mapScenarios,
  ...gapAnalysisScenarios,
  ...verificationQueueScenarios,
  ...calendarFeedScenarios,
  ...leaseEventsScenarios,
  ...companyRecordScenarios,
];
