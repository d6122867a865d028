import { useCallback } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { withCreateDeal, type CreateDealTarget } from './links';

/**
 * Opens the Create Deal chooser for a property or a scheme from code (an enquiry's completion
 * question, the map): it adds `?create_deal=` to the current route; the shell's host shows it.
 */
export const useOpenCreateDeal = (): ((target: CreateDealTarget) => void) => {
  const [, setParams] = useSearchParams();
  return useCallback((target) => setParams((p) => withCreateDeal(p, target)), [setParams]);
};

type Props = CreateDealTarget & Omit<ButtonProps<typeof RouterLink>, 'to' | 'component' | 'id'>;

/** "Create Deal": a link that opens the chooser for this property or scheme on the current page. */
export function CreateDealButton({ kind, id, ...button }: Props) {
  const [search] = useSearchParams();
  return (
    <Button
      variant="contained"
      size="small"
      startIcon={<AddIcon />}
      {...button}
      component={RouterLink}
      to={{ search: withCreateDeal(search, { kind, id }).toString() }}
    >
      Create Deal
    </Button>
  );
}
