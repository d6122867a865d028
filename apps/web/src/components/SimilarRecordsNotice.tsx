import { Alert, AlertTitle, Box, Button, Link, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { DUPLICATE_MESSAGES } from '@frontage/shared';

export interface SimilarRecord {
  id: number;
  label: string;
  /** Why it is offered ("Same name", "Same domain") and any detail that tells two apart. */
  detail: string;
  /** Where the record opens (in a new tab, so the form being filled in is kept). */
  href: string;
}

interface Props<T extends SimilarRecord> {
  title: string;
  records: T[];
  /** Offered in a picker's create-in-place: take the existing record instead of creating one. */
  onUse?: ((record: T) => void) | undefined;
}

/**
 * "This … may already exist" (ADR 0082): the records a new one may duplicate, each openable in a
 * new tab (or taken instead, in a picker). A warning, not a block: the user can still create.
 * Announced politely (role status), as it appears while the user types.
 */
export function SimilarRecordsNotice<T extends SimilarRecord>({ title, records, onUse }: Props<T>) {
  if (!records.length) return null;
  return (
    <Alert severity="warning" role="status" aria-live="polite" sx={{ py: 0.5 }}>
      <AlertTitle sx={{ mb: 0.5 }}>{title}</AlertTitle>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {records.map((r) => (
          <Box component="li" key={r.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                {r.label}
              </Typography>
              <Typography variant="caption" component="span" sx={{ ml: 1 }} color="text.secondary">
                {r.detail}
              </Typography>
            </Box>
            <Link
              href={r.href}
              target="_blank"
              rel="noopener"
              variant="body2"
              aria-label={`${DUPLICATE_MESSAGES.open} ${r.label} (new tab)`}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
            >
              {DUPLICATE_MESSAGES.open}
              <OpenInNewIcon fontSize="inherit" />
            </Link>
            {onUse && (
              <Button
                size="small"
                onClick={() => onUse(r)}
                aria-label={`${DUPLICATE_MESSAGES.use}: ${r.label}`}
              >
                {DUPLICATE_MESSAGES.use}
              </Button>
            )}
          </Box>
        ))}
      </Stack>
      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
        {DUPLICATE_MESSAGES.stillCreate}
      </Typography>
    </Alert>
  );
}
