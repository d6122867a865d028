import { Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { DealView } from '../components/DealView';

const idOf = (raw: string | null): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** /deals: one deal when opened with `?id=`; the list of every deal arrives with issue 13. */
export default function DealsPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  if (id) return <DealView key={id} id={id} />;
  return (
    <>
      <PageHeading title="Deals" />
      <Typography variant="body2" color="text.secondary">
        A property&apos;s deals are listed on its page; open one there to see it here.
      </Typography>
    </>
  );
}
