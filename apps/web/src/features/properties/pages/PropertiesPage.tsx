import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { StandalonePropertyDialog } from '../../../entities/properties/StandalonePropertyDialog';
import { SchemePropertyDialog } from '../../../entities/properties/SchemePropertyDialog';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { DEFAULT_PROPERTY_LIST, PropertyList } from '../components/PropertyList';
import { PropertyView } from '../components/PropertyView';

const idOf = (raw: string | null): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** /properties: the property table, or one property when opened with `?id=`. */
export default function PropertiesPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return id ? <PropertyView key={id} id={id} /> : <PropertiesList />;
}

function PropertiesList() {
  const saved = useSavedUiState('properties', DEFAULT_PROPERTY_LIST);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'standalone' | 'scheme' | null>(null);
  const navigate = useNavigate();
  const created = (p: { id: number }) => void navigate(`/properties?id=${p.id}`);
  return (
    <>
      <PageHeading
        title="Properties"
        actions={
          <>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              endIcon={<ArrowDropDownIcon />}
              onClick={(e) => setMenu(e.currentTarget)}
              aria-haspopup="menu"
            >
              New Property
            </Button>
            <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
              <MenuItem onClick={() => (setMenu(null), setDialog('standalone'))}>Standalone</MenuItem>
              <MenuItem onClick={() => (setMenu(null), setDialog('scheme'))}>In a scheme</MenuItem>
            </Menu>
          </>
        }
      />
      {saved.ready && <PropertyList label="Properties" store={saved} />}
      <StandalonePropertyDialog
        open={dialog === 'standalone'}
        onClose={() => setDialog(null)}
        onCreated={created}
      />
      <SchemePropertyDialog open={dialog === 'scheme'} onClose={() => setDialog(null)} onCreated={created} />
    </>
  );
}
