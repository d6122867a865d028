import { createElement, Fragment, useEffect, useSyncExternalStore } from 'react';
import { enqueueSnackbar } from 'notistack';
import { CreateCompanyDialog } from '../entities/companies/CreateCompanyDialog';
import { CreateContactDialog } from '../entities/contacts/CreateContactDialog';
import { DealWizardHost } from '../features/deals/DealWizardHost';
import { CreateDealHost } from '../features/deals/chooser/CreateDealHost';
import { openManageEnquiries } from '../entities/enquiries/manageEnquiriesStore';
import { ManageEnquiriesHost } from '../features/enquiries/ManageEnquiriesHost';

/**
 * The top bar's dialog entries. The dialogs behind them belong to later issues: an entry whose
 * opener is undefined renders disabled. Enable one by providing its opener here (one place) and
 * rendering its dialog in ShellDialogs below. Deal wizards open from the route (?deal=), so any
 * screen can link to one; the host below renders the open one. The Create Deal chooser opens
 * the same way (?create_deal=, ADR 0049). Manage Enquiries has its own store in entities/enquiries,
 * so the property and scheme views open it preselected (ADR 0051).
 */
export interface ShellActions {
  createCompany?: () => void;
  createContact?: () => void;
  enquiries?: () => void;
}

type ShellDialog = 'company' | 'contact' | null;

/* Which shell dialog is open: a tiny external store, so any component can open one. */
let current: ShellDialog = null;
const listeners = new Set<() => void>();
const setDialog = (next: ShellDialog): void => {
  current = next;
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const actions: ShellActions = {
  createCompany: () => setDialog('company'),
  createContact: () => setDialog('contact'),
  enquiries: () => openManageEnquiries(),
};

export const useShellActions = (): ShellActions => actions;

const close = () => setDialog(null);

/** The dialogs the top bar opens; rendered once by the top bar. */
export function ShellDialogs() {
  const open = useSyncExternalStore(subscribe, () => current);
  // Leaving the shell (sign-out) forgets an open dialog.
  useEffect(() => close, []);
  return createElement(
    Fragment,
    null,
    createElement(CreateCompanyDialog, {
      open: open === 'company',
      onClose: close,
      onCreated: (c) => enqueueSnackbar(`Company "${c.name}" created.`, { variant: 'success' }),
    }),
    createElement(CreateContactDialog, {
      open: open === 'contact',
      onClose: close,
      onCreated: (c) => enqueueSnackbar(`Contact "${c.name}" created.`, { variant: 'success' }),
    }),
    createElement(ManageEnquiriesHost),
    createElement(CreateDealHost),
    createElement(DealWizardHost),
  );
}
