import { PageHeading } from '../../../components/PageHeading';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { DEFAULT_PIPELINE, pipelineFiltersOf, sanitizePipeline } from '../boardState';
import { PipelineBoard } from '../components/PipelineBoard';
import { PipelineFilters } from '../components/PipelineFilters';

/**
 * /pipelines: the letting pipeline as a board (ADR 0052), with its filters saved
 * per user; the board waits for them so each column loads once.
 */
export default function PipelinesPage() {
  const saved = useSavedUiState('pipelines', DEFAULT_PIPELINE, sanitizePipeline);
  return (
    <>
      <PageHeading title="Pipelines" />
      {saved.ready && (
        <>
          <PipelineFilters state={saved.state} update={saved.update} />
          <PipelineBoard filters={pipelineFiltersOf(saved.state)} />
        </>
      )}
    </>
  );
}
