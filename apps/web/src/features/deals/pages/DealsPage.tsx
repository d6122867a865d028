import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { DealList } from '../components/DealList';
import { DEFAULT_DEAL_LIST, sanitizeDealList } from '../components/dealListState';
import { DealView } from '../components/DealView';

const idOf = (raw: string | null): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** /deals: the table of every deal, or one deal when opened with `?id=` (as the views link to it). */
export default function DealsPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  if (id) return <DealView key={id} id={id} />;
  return <DealsList />;
}

function DealsList() {
  const saved = useSavedUiState('deals', DEFAULT_DEAL_LIST, sanitizeDealList);
  return (
    <>
      <PageHeading title="Deals" />
      {saved.ready && <DealList store={saved} />}
    </>
  );
}
