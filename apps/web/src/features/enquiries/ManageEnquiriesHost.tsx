import { useEffect } from 'react';
import { closeManageEnquiries, useManageEnquiriesState } from '../../entities/enquiries/manageEnquiriesStore';
import { ManageEnquiriesDialog } from './components/ManageEnquiriesDialog';

/**
 * The one Manage Enquiries dialog, rendered by the shell: the top bar opens it empty, the property
 * and scheme views preselected (openManageEnquiries in entities/enquiries).
 */
export function ManageEnquiriesHost() {
  const state = useManageEnquiriesState();
  // Leaving the shell (sign-out) forgets an open dialog.
  useEffect(() => closeManageEnquiries, []);
  return (
    <ManageEnquiriesDialog
      open={state.open}
      subject={state.open ? state.subject : null}
      onClose={closeManageEnquiries}
    />
  );
}
