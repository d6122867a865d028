import { Alert, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { Import } from '@frontage/shared';
import { useImportTemplates } from '../api';
import { fieldsOf } from '../importLabels';

const NOT_MAPPED = '';

/**
 * Step 2: each field of the entity with the column the server suggested (or the saved mapping),
 * changeable; a saved template can be loaded, and the mapping saved as one under a name.
 */
export function ImportMappingStep({
  imp,
  mapping,
  onMapping,
  templateName,
  onTemplateName,
  errors,
}: {
  imp: Import;
  mapping: Record<string, string>;
  onMapping: (mapping: Record<string, string>) => void;
  templateName: string;
  onTemplateName: (name: string) => void;
  /** The 422 of the last save: `mapping.<field>`, `template_name`, or '' for the rest. */
  errors: Record<string, string>;
}) {
  const templates = useImportTemplates(imp.entity).data ?? [];
  const set = (field: string, header: string) => {
    const next = { ...mapping };
    if (header === NOT_MAPPED) delete next[field];
    else next[field] = header;
    onMapping(next);
  };
  const general = Object.entries(errors)
    .filter(([k]) => !k.startsWith('mapping.') && k !== 'template_name')
    .map(([, m]) => m);

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        {imp.file_name}: {imp.headers.length} columns, {imp.rows_total} rows. Choose the column of each field;
        a field left unmapped is not imported.
      </Typography>
      {general.length > 0 && (
        <Alert severity="error" role="alert">
          {general.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
      {templates.length > 0 && (
        <TextField
          select
          size="small"
          label="Load a template"
          value=""
          onChange={(e) => {
            const t = templates.find((x) => String(x.id) === e.target.value);
            // Only the template's columns this file has.
            if (t)
              onMapping(
                Object.fromEntries(Object.entries(t.mapping).filter(([, h]) => imp.headers.includes(h))),
              );
          }}
          sx={{ maxWidth: 360 }}
        >
          {templates.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box
        role="group"
        aria-label="Columns of each field"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1.5 }}
      >
        {fieldsOf(imp.entity).map((field) => {
          const suggested = imp.suggested_mapping[field.key];
          const value = mapping[field.key] ?? NOT_MAPPED;
          const error = errors[`mapping.${field.key}`];
          return (
            <TextField
              key={field.key}
              select
              size="small"
              label={field.label}
              value={imp.headers.includes(value) ? value : NOT_MAPPED}
              onChange={(e) => set(field.key, e.target.value)}
              error={!!error}
              helperText={
                error ??
                (suggested && suggested !== value ? `Suggested: ${suggested}` : suggested ? 'Suggested' : ' ')
              }
            >
              <MenuItem value={NOT_MAPPED}>
                <em>Not mapped</em>
              </MenuItem>
              {imp.headers.filter(Boolean).map((h) => (
                <MenuItem key={h} value={h}>
                  {h}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
      <TextField
        size="small"
        label="Save as template"
        value={templateName}
        onChange={(e) => onTemplateName(e.target.value)}
        error={!!errors.template_name}
        helperText={errors.template_name ?? 'Optional: a name to reuse this mapping for the next file'}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ maxWidth: 360 }}
      />
    </Stack>
  );
}
