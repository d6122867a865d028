import type { ComponentType, MouseEvent } from 'react';
import { Box, Typography, type SvgIconProps } from '@mui/material';
import StorefrontIcon from '@mui/icons-material/Storefront';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import BusinessIcon from '@mui/icons-material/Business';
import PersonIcon from '@mui/icons-material/Person';
import HandshakeIcon from '@mui/icons-material/Handshake';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import type { SearchEntityType } from '@frontage/shared';
import type { PaletteGroup, PaletteItem } from '../paletteItems';

/** The drawer's icon of each kind of record. */
const TYPE_ICONS: Readonly<Record<SearchEntityType, ComponentType<SvgIconProps>>> = {
  property: StorefrontIcon,
  scheme: LocationCityIcon,
  company: BusinessIcon,
  contact: PersonIcon,
  deal: HandshakeIcon,
  enquiry: QuestionAnswerIcon,
};

interface Props {
  id: string;
  groups: readonly PaletteGroup[];
  activeKey: string | null;
  optionId: (item: PaletteItem) => string;
  onChoose: (item: PaletteItem, newTab: boolean) => void;
  onPoint: (item: PaletteItem) => void;
}

/**
 * The palette's listbox (the ARIA combobox pattern): a group per kind of result, each labelled by
 * its heading, of options the input points at with aria-activedescendant. The focus stays in the
 * input; a click chooses (Ctrl or ⌘ click: a new tab).
 */
export function PaletteList({ id, groups, activeKey, optionId, onChoose, onPoint }: Props) {
  return (
    <Box
      id={id}
      role="listbox"
      aria-label="Search results and commands"
      sx={{ maxHeight: 'min(60vh, 480px)', overflowY: 'auto', py: 0.5 }}
    >
      {groups.map((group) => (
        <Box key={group.id} role="group" aria-labelledby={`${id}-${group.id}`} sx={{ pb: 0.5 }}>
          <Typography
            id={`${id}-${group.id}`}
            role="presentation"
            variant="caption"
            component="div"
            sx={{ px: 2, pt: 1, pb: 0.25, color: 'text.secondary', fontWeight: 600, letterSpacing: 0.3 }}
          >
            {group.heading}
          </Typography>
          {group.items.map((item) => (
            <PaletteOption
              key={item.key}
              id={optionId(item)}
              item={item}
              active={item.key === activeKey}
              onChoose={onChoose}
              onPoint={onPoint}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}

function PaletteOption({
  id,
  item,
  active,
  onChoose,
  onPoint,
}: {
  id: string;
  item: PaletteItem;
  active: boolean;
  onChoose: Props['onChoose'];
  onPoint: Props['onPoint'];
}) {
  const Icon = item.kind === 'record' ? TYPE_ICONS[item.record.entity_type] : null;
  const label = item.kind === 'record' ? item.record.label : item.command.label;
  const sublabel = item.kind === 'record' ? item.record.sublabel : null;
  return (
    <Box
      id={id}
      role="option"
      aria-selected={active}
      // The focus stays in the input.
      onMouseDown={(e: MouseEvent) => e.preventDefault()}
      onMouseMove={() => {
        if (!active) onPoint(item);
      }}
      onClick={(e: MouseEvent) => onChoose(item, e.ctrlKey || e.metaKey)}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        mx: 0.5,
        px: 1.5,
        py: 0.625,
        minHeight: 36,
        borderRadius: 1,
        cursor: 'pointer',
        bgcolor: active ? 'action.selected' : undefined,
      }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ display: 'inline-flex', color: 'text.secondary', '& svg': { fontSize: 20 } }}
      >
        {Icon ? <Icon /> : item.kind === 'command' ? item.command.icon : null}
      </Box>
      <Box sx={{ minWidth: 0, flexGrow: 1, display: 'flex', alignItems: 'baseline', gap: 1 }}>
        {/* When both do not fit, the sublabel gives way first. */}
        <Typography variant="body2" noWrap sx={{ flex: '0 1 auto', minWidth: 0 }}>
          {label}
        </Typography>
        {sublabel && (
          <Typography variant="body2" noWrap sx={{ flex: '0 4 auto', minWidth: 0, color: 'text.secondary' }}>
            {sublabel}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
