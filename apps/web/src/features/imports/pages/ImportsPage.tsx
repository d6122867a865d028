import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { Import } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import { ImportHistory } from '../components/ImportHistory';
import { NewImportDialog } from '../components/NewImportDialog';
import { RevertImportDialog } from '../components/RevertImportDialog';

/**
 * /imports: the history of imports and the "New import" flow (ADR 0094, 0096). Every
 * signed-in user imports; the server lists an agent's own imports and everyone's to an admin.
 */
export default function ImportsPage() {
  // A key per opening, so each New import starts afresh.
  const [wizard, setWizard] = useState<{ key: number; importId: number | null } | null>(null);
  const [reverting, setReverting] = useState<Import | null>(null);
  return (
    <>
      <PageHeading
        title="Imports"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setWizard({ key: Date.now(), importId: null })}
          >
            New import
          </Button>
        }
      />
      <ImportHistory
        onContinue={(imp) => setWizard({ key: Date.now(), importId: imp.id })}
        onRevert={setReverting}
      />
      {wizard && (
        <NewImportDialog key={wizard.key} open importId={wizard.importId} onClose={() => setWizard(null)} />
      )}
      <RevertImportDialog imp={reverting} onClose={() => setReverting(null)} />
    </>
  );
}
