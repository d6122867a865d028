import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Tab, Tabs } from '@mui/material';
import { PageHeading } from '../../../components/PageHeading';
import { NewsTab } from '../components/NewsTab';
import { RetailersTab } from '../components/RetailersTab';
import { VerificationQueueTab } from '../components/VerificationQueueTab';
import { VideosTab } from '../components/VideosTab';

const TABS = [
  { value: 'retailers', label: 'Retailers' },
  { value: 'queue', label: 'Verification queue' },
  { value: 'news', label: 'News' },
  { value: 'videos', label: 'Videos' },
] as const;
type CoreTab = (typeof TABS)[number]['value'];

/**
 * /core — Tracked Retailers (Admin) (spec A §2): the research desk. The open tab is
 * `?tab=` in the URL (retailers by default), so a link or a reload keeps it.
 */
export default function CoreAdminPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tab: CoreTab = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'retailers';
  const choose = (next: CoreTab) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'retailers') out.delete('tab');
        else out.set('tab', next);
        out.delete('id');
        return out;
      },
      { replace: true },
    );

  return (
    <Box>
      <PageHeading title="Tracked Retailers (Admin)" />
      <Tabs
        value={tab}
        onChange={(_e, v: CoreTab) => choose(v)}
        aria-label="Tracked Retailers (Admin)"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`${id}-tab-${t.value}`}
            aria-controls={`${id}-panel-${t.value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'retailers' ? (
          <RetailersTab />
        ) : tab === 'queue' ? (
          <VerificationQueueTab />
        ) : tab === 'news' ? (
          <NewsTab />
        ) : (
          <VideosTab />
        )}
      </Box>
    </Box>
  );
}
