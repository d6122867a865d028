import { useId, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useWatch } from 'react-hook-form';
import { dealWarningKey, formatMoney, MESSAGES, SALE_TYPE_LABELS, type DealWarning } from '@frontage/shared';
import { REASON_LABELS } from '../../../entities/properties/labels';
import type { DealFormValues } from '../form/dealForm';
import { reviewRows } from '../form/review';
import { useWizard } from '../wizard/WizardContext';
import { hrefOf } from './LinksField';

function Row({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      <dt>{label}</dt>
      <dd>{empty ? '—' : children}</dd>
    </>
  );
}

/** One warning: what it is about, and the box that acknowledges it ("Record anyway"). */
function Warning({ warning }: { warning: DealWarning }) {
  const { review } = useWizard();
  const id = useId();
  const key = dealWarningKey(warning);
  return (
    <Alert severity="warning" sx={{ mb: 1, '& .MuiAlert-message': { width: '100%' } }}>
      <Box id={id}>{warning.message}</Box>
      <FormControlLabel
        sx={{ mt: 0.25 }}
        control={
          <Checkbox
            size="small"
            checked={review.acknowledged.has(key)}
            onChange={(e) => review.acknowledge(key, e.target.checked)}
            slotProps={{ input: { 'aria-describedby': id } }}
          />
        }
        label="Record anyway"
      />
    </Alert>
  );
}

const dash = (s: string) => s || '—';

/**
 * The last step of every deal wizard (ADR 0081): what Finish will record, read back —
 * the deal's own facts, what changes on the property (or the scheme sold), before → after, and the
 * warnings, each of which must be acknowledged before Finish. The tracked retailer's effective
 * date is required (spec B §5), so its absence is said here too, above the rest.
 */
export function ReviewStep({ effectiveDateRequired = false }: { effectiveDateRequired?: boolean }) {
  const w = useWizard();
  const v = useWatch() as DealFormValues;
  const input = w.review.input ? { ...w.review.input, values: v } : null;
  const rows = input ? reviewRows(input) : [];
  const scheme = input?.place.kind === 'scheme';
  const money = (m: string | null) => (m ? formatMoney(m, v.currency) : '');
  const changesId = useId();
  return (
    <Box>
      {effectiveDateRequired && !v.effective_date.trim() && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {MESSAGES.effectiveDateRequired}
        </Alert>
      )}
      {w.review.warnings.length > 0 && (
        <Box component="section" aria-label="Warnings" sx={{ mb: 2 }}>
          {w.review.warnings.map((warning) => (
            <Warning key={dealWarningKey(warning)} warning={warning} />
          ))}
        </Box>
      )}
      <Box
        component="dl"
        aria-label="Deal"
        sx={{
          m: 0,
          mb: 2,
          display: 'grid',
          gridTemplateColumns: 'minmax(140px, max-content) 1fr',
          columnGap: 2,
          rowGap: 0.5,
          '& dt': { color: 'text.secondary', typography: 'body2' },
          '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
        }}
      >
        <Row label={scheme ? 'Scheme' : 'Property'}>{w.selected?.name}</Row>
        <Row label="Reason">{REASON_LABELS[v.reason] ?? ''}</Row>
        <Row label="Effective Date">{v.effective_date}</Row>
        {input?.type === 'sale' && (
          <>
            <Row label="Sale Type">
              {SALE_TYPE_LABELS[v.sale_type as keyof typeof SALE_TYPE_LABELS] ?? ''}
            </Row>
            <Row label="Price Paid">{money(v.price_paid)}</Row>
          </>
        )}
        <Row label="Links">
          {v.links.length
            ? v.links.map((l) => (
                <Typography key={l} variant="body2" component="span" sx={{ display: 'block' }}>
                  <Link href={hrefOf(l)} target="_blank" rel="noopener noreferrer">
                    {l}
                  </Link>
                </Typography>
              ))
            : null}
        </Row>
      </Box>
      <Typography variant="subtitle1" component="h3" id={changesId} sx={{ fontWeight: 600, mb: 0.5 }}>
        {scheme ? 'What will change on the scheme' : 'What will change on the property'}
      </Typography>
      {rows.length ? (
        <Table size="small" aria-labelledby={changesId}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Field
              </TableCell>
              <TableCell component="th" scope="col">
                Before
              </TableCell>
              <TableCell component="th" scope="col">
                After
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.label}>
                <TableCell component="th" scope="row">
                  {r.label}
                </TableCell>
                <TableCell>{dash(r.before)}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{dash(r.after)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Nothing changes.
        </Typography>
      )}
    </Box>
  );
}
