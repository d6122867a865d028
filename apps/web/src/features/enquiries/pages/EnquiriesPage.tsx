import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { EditEnquiryDialog } from '../../../entities/enquiries/EditEnquiryDialog';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { EnquiryList } from '../components/EnquiryList';
import { DEFAULT_ENQUIRY_LIST, sanitizeEnquiryList } from '../components/enquiryListState';

const idOf = (raw: string | null): number | null => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

/**
 * /enquiries: every enquiry in a table; `?id=<id>&type=enquiry` (how comment and notification
 * links address an enquiry, spec A §2) opens it in Edit Enquiry over the list.
 */
export default function EnquiriesPage() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const id = type === null || type === 'enquiry' ? idOf(params.get('id')) : null;
  const saved = useSavedUiState('enquiry_list', DEFAULT_ENQUIRY_LIST, sanitizeEnquiryList);
  return (
    <>
      <PageHeading title="Enquiries" />
      {saved.ready && <EnquiryList store={saved} />}
      <EditEnquiryDialog
        id={id}
        onClose={() =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              next.delete('id');
              next.delete('type');
              return next;
            },
            { replace: true },
          )
        }
      />
    </>
  );
}
