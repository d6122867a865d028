import { useId, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  InputAdornment,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { AREA_FIELDS, AREA_KEYS, AREA_MESSAGES, areaUnitLabel, type AreaKey } from '@frontage/shared';
import { isAreaText, type AreasValue } from './areas';

interface Props {
  value: AreasValue;
  onChange: (next: AreasValue) => void;
  /** Server messages per area key (and `area_size_type`). */
  errors?: Partial<Record<string, string>>;
  disabled?: boolean;
}

/**
 * The Areas block (spec B §2/§3): an area unit select (sqft or sqm) and an "Add Areas" menu of
 * checkboxes for the ten areas; only ticked areas are shown (and sent). The frontage is a length:
 * ft, or m with sq m (ADR 0079).
 */
export function AreaChecklist({ value, onChange, errors = {}, disabled }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  const toggle = (key: AreaKey) => {
    const on = value.ticked.includes(key);
    const ticked = on
      ? value.ticked.filter((k) => k !== key)
      : AREA_KEYS.filter((k) => k === key || value.ticked.includes(k));
    onChange({ ...value, ticked });
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
        <TextField
          select
          size="small"
          label="Area Unit"
          value={value.area_size_type}
          onChange={(e) => onChange({ ...value, area_size_type: e.target.value === 'sqm' ? 'sqm' : 'sqft' })}
          sx={{ width: 140 }}
          disabled={disabled}
          error={!!errors.area_size_type}
          helperText={errors.area_size_type}
        >
          <MenuItem value="sqft">sqft</MenuItem>
          <MenuItem value="sqm">sqm</MenuItem>
        </TextField>
        <Button
          startIcon={<AddIcon />}
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          disabled={disabled}
        >
          Add Areas
        </Button>
      </Box>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {AREA_FIELDS.map(({ key, label }) => {
          const checked = value.ticked.includes(key);
          return (
            <MenuItem
              key={key}
              role="menuitemcheckbox"
              aria-checked={checked}
              onClick={() => toggle(key)}
              dense
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  size="small"
                  checked={checked}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { 'aria-hidden': true } }}
                />
              </ListItemIcon>
              <ListItemText>{label}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
      {value.ticked.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No areas added. Use Add Areas to record the unit's areas.
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}>
          {AREA_FIELDS.filter((a) => value.ticked.includes(a.key)).map(({ key, label }) => {
            const text = value.values[key] ?? '';
            const bad = !isAreaText(text);
            return (
              <TextField
                key={key}
                size="small"
                label={label}
                value={text}
                disabled={disabled}
                onChange={(e) =>
                  onChange({
                    ...value,
                    values: { ...value.values, [key]: e.target.value.replace(/[^\d.]/g, '') },
                  })
                }
                error={bad || !!errors[key]}
                helperText={errors[key] ?? (bad ? AREA_MESSAGES.invalid : undefined)}
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        {areaUnitLabel(key, value.area_size_type)}
                      </InputAdornment>
                    ),
                  },
                  htmlInput: { inputMode: 'decimal' },
                }}
              />
            );
          })}
        </Box>
      )}
    </Box>
  );
}
