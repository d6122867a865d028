import { useSyncExternalStore } from 'react';
import type { EnquirySubject } from './enquiryForm';

/**
 * Whether the Manage Enquiries dialog is open, and for what: a tiny external store, so the top bar
 * (no subject) and the property and scheme views (preselected) open the one dialog the shell
 * renders (features/enquiries) without importing it.
 */
export type ManageEnquiriesState = { open: false } | { open: true; subject: EnquirySubject | null };

let current: ManageEnquiriesState = { open: false };
const listeners = new Set<() => void>();
const set = (next: ManageEnquiriesState) => {
  current = next;
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Opens Manage Enquiries, preselecting a property or a scheme when given. */
export const openManageEnquiries = (subject: EnquirySubject | null = null): void =>
  set({ open: true, subject });
export const closeManageEnquiries = (): void => set({ open: false });

export const useManageEnquiriesState = (): ManageEnquiriesState =>
  useSyncExternalStore(subscribe, () => current);
