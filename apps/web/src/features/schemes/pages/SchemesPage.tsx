import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { DEFAULT_SCHEME_LIST, SchemeList } from '../components/SchemeList';
import { SchemeView } from '../components/SchemeView';

const idOf = (raw: string | null): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** /schemes: the scheme table, or one scheme when opened with `?id=`. */
export default function SchemesPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return id ? <SchemeView key={id} id={id} /> : <SchemesList />;
}

function SchemesList() {
  const saved = useSavedUiState('schemes', DEFAULT_SCHEME_LIST);
  return (
    <>
      <PageHeading
        title="Schemes"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/schemes/create">
            New Scheme
          </Button>
        }
      />
      {saved.ready && <SchemeList store={saved} />}
    </>
  );
}
