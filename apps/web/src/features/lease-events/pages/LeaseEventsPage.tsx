import { PageHeading } from '../../../components/PageHeading';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { LeaseEventList } from '../components/LeaseEventList';
import { DEFAULT_LEASE_EVENT_LIST, sanitizeLeaseEventList } from '../components/leaseEventListState';

/** /lease-events: the work list of breaks, reviews, expiries and 1954 Act windows (ADR 0088). */
export default function LeaseEventsPage() {
  const saved = useSavedUiState('lease_events', DEFAULT_LEASE_EVENT_LIST, sanitizeLeaseEventList);
  return (
    <>
      <PageHeading title="Lease Events" />
      {saved.ready && <LeaseEventList store={saved} />}
    </>
  );
}
