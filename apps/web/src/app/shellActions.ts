import type { DealType } from '@frontage/shared';

/**
 * The top bar's dialog entries. The dialogs behind them belong to later issues: an entry whose
 * opener is undefined renders disabled. Enable one by providing its opener here (one place).
 */
export interface ShellActions {
  createCompany?: () => void;
  createContact?: () => void;
  newDeal?: (type: DealType) => void;
  enquiries?: () => void;
}

export const useShellActions = (): ShellActions => ({});
