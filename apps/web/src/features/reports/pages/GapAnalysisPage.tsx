import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Box, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { GAP_LEVEL_LABELS, GAP_MESSAGES } from '@frontage/shared';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { PointsMap, type MapPointItem } from '../../../components/map/PointsMap';
import { ApiError } from '../../../lib/http';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { GapForm } from '../components/GapForm';
import { GapResults } from '../components/GapResults';
import {
  GAP_QUERY_DEFAULTS,
  gapFilterQuery,
  gapParamsOf,
  gapQueryFromParams,
  sanitizeGapQuery,
  useGapAnalysis,
  type GapQueryState,
} from '../gapQuery';

const RUN_FAILED = 'The gap analysis could not be run. Try again.';

/** Why the server refused the query: its field message (a retailer without categories …), else its msg. */
const reasonOf = (err: ApiError): string => {
  const field = Object.values(err.fieldErrors)[0];
  if (field) return field;
  const body = err.body as { msg?: unknown } | null;
  return typeof body?.msg === 'string' ? body.msg : err.message;
};

/**
 * Gap Analysis (Beta, ADR 0058): where a retailer's peers trade and it does not, with the units
 * available there, as a table and a map. The query lives in the URL (a link reproduces it) and is
 * saved per user ('gap_analysis'); opening the page bare restores the last one.
 */
export default function GapAnalysisPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => gapQueryFromParams(params), [params]);
  const saved = useSavedUiState<GapQueryState>('gap_analysis', GAP_QUERY_DEFAULTS, (s) =>
    sanitizeGapQuery(s),
  );

  // A bare URL shows the last analysis the user ran.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !saved.ready) return;
    restored.current = true;
    if (!query && saved.state.company_id) setParams(gapParamsOf(saved.state), { replace: true });
  }, [saved.ready, saved.state, query, setParams]);

  const run = (next: GapQueryState) => {
    setParams(gapParamsOf(next));
    saved.update(next);
  };

  const result = useGapAnalysis(query);
  const data = result.data;
  const queryKey = query ? gapParamsOf(query).toString() : '';
  // The picked and expanded places belong to one query: another query starts with none.
  const [picked, setPicked] = useState<{ of: string; key: string | null; open: ReadonlySet<string> }>({
    of: '',
    key: null,
    open: new Set(),
  });
  const current = picked.of === queryKey ? picked : { of: queryKey, key: null, open: new Set<string>() };
  const selected = current.key;
  const expanded = current.open;
  const setSelected = (key: string) => setPicked({ ...current, key });
  const setExpanded = (change: (open: ReadonlySet<string>) => ReadonlySet<string>) =>
    setPicked((p) => {
      const base = p.of === queryKey ? p : { of: queryKey, key: null, open: new Set<string>() };
      return { ...base, open: change(base.open) };
    });

  const points = useMemo<MapPointItem[]>(
    () =>
      (data?.data ?? []).flatMap((p) =>
        p.lat === null || p.lng === null
          ? []
          : [
              {
                id: p.key,
                lng: p.lng,
                lat: p.lat,
                weight: p.peers,
                label: `${p.name}: ${p.peers} peer${p.peers === 1 ? '' : 's'}, ${p.available} available`,
              },
            ],
      ),
    [data],
  );

  const refused = result.error instanceof ApiError && result.error.status === 422;
  const errorText = refused ? reasonOf(result.error as ApiError) : result.error ? RUN_FAILED : null;

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, minHeight: 32 }}>
        <Typography variant="h1" component="h1">
          Gap Analysis
        </Typography>
        <Chip label={GAP_MESSAGES.beta} size="small" color="secondary" variant="outlined" />
        <Box sx={{ flexGrow: 1 }} />
        {query && data && (
          <CsvExportButton
            path="/reports/gap-analysis/export"
            query={gapFilterQuery(query)}
            fileName="gap-analysis.csv"
          />
        )}
      </Stack>
      <GapForm
        key={queryKey}
        query={query ?? saved.state}
        retailer={data && data.retailer.id === query?.company_id ? data.retailer : null}
        onRun={run}
      />
      {!query && (
        <Typography color="text.secondary">
          Choose a retailer to see the towns and schemes where its peers trade and it does not.
        </Typography>
      )}
      {errorText && (
        <Alert
          severity={result.error instanceof ApiError && result.error.status === 422 ? 'warning' : 'error'}
        >
          {errorText}
        </Alert>
      )}
      {query && result.isPending && !errorText && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Running the gap analysis" />
        </Box>
      )}
      {query && data && !errorText && (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {`${data.retailer.name} trades from ${data.retailer.stores.toLocaleString('en-GB')} store${
              data.retailer.stores === 1 ? '' : 's'
            }; ${data.peer_count.toLocaleString('en-GB')} peer${data.peer_count === 1 ? '' : 's'} in ${
              data.categories.map((c) => c.name).join(', ') || 'no category'
            }. ${data.meta.pagination.total.toLocaleString('en-GB')} ${GAP_LEVEL_LABELS[query.level].toLowerCase()} without it.`}
          </Typography>
          {data.data.length === 0 ? (
            <Alert severity="info">
              No gaps: the retailer trades wherever at least {query.min_peers} of its peers do.
            </Alert>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
                gap: 2,
                alignItems: 'start',
              }}
            >
              <GapResults
                result={data}
                selected={selected}
                expanded={expanded}
                onSelect={setSelected}
                onToggle={(key) =>
                  setExpanded((cur) => {
                    const next = new Set(cur);
                    if (next.has(key)) next.delete(key);
                    else next.add(key);
                    return next;
                  })
                }
                onPage={(page, perPage) => run({ ...query, page, per_page: perPage })}
              />
              <Paper variant="outlined" sx={{ p: 1, position: { lg: 'sticky' }, top: { lg: 72 } }}>
                <PointsMap
                  label="Map of the gaps"
                  points={points}
                  selectedId={selected}
                  onPick={(key) =>
                    setPicked({ of: queryKey, key: String(key), open: new Set(expanded).add(String(key)) })
                  }
                  height={480}
                />
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                  A circle's size is how many peers trade there. Pick one to see its row.
                </Typography>
              </Paper>
            </Box>
          )}
        </Stack>
      )}
    </Box>
  );
}
