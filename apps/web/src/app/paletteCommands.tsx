import { useMemo } from 'react';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import HandshakeIcon from '@mui/icons-material/Handshake';
import AddHomeWorkIcon from '@mui/icons-material/AddHomeWork';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import MapIcon from '@mui/icons-material/Map';
import { DEAL_MENU } from '@frontage/shared';
import type { PaletteCommand } from '../features/search/paletteItems';
import { useCanOpenDeal, useOpenDealWizard } from '../features/deals/DealWizardHost';
import { useShellActions } from './shellActions';

/**
 * The palette's commands (ADR 0084): the top bar's entries the user may use, in the
 * top bar's order — Create Company, Create Contact, each New Deal type the New Deal menu lets
 * the user open (Tracked Retailer for admins only), New Property, Enquiries (the top bar's
 * Manage Enquiries dialog), Map.
 */
export function usePaletteCommands(): PaletteCommand[] {
  const actions = useShellActions();
  const canOpenDeal = useCanOpenDeal();
  const openDeal = useOpenDealWizard();
  const deals = DEAL_MENU.filter((d) => canOpenDeal(d.type));
  const dealKey = deals.map((d) => d.type).join();
  return useMemo(() => {
    const commands: Array<PaletteCommand | false | undefined> = [
      actions.createCompany && {
        id: 'create-company',
        label: 'Create Company',
        icon: <AddBusinessIcon />,
        run: actions.createCompany,
      },
      actions.createContact && {
        id: 'create-contact',
        label: 'Create Contact',
        icon: <PersonAddIcon />,
        run: actions.createContact,
      },
      ...DEAL_MENU.filter((d) => dealKey.split(',').includes(d.type)).map((d) => ({
        id: `new-deal-${d.type}`,
        label: `New Deal: ${d.label}`,
        icon: <HandshakeIcon />,
        run: () => openDeal(d.type),
      })),
      { id: 'new-property', label: 'New Property', icon: <AddHomeWorkIcon />, to: '/properties/create' },
      actions.enquiries && {
        id: 'enquiries',
        label: 'Enquiries',
        icon: <QuestionAnswerIcon />,
        run: actions.enquiries,
      },
      { id: 'map', label: 'Map', icon: <MapIcon />, to: '/map' },
    ];
    return commands.filter((c): c is PaletteCommand => !!c);
  }, [actions, dealKey, openDeal]);
}
