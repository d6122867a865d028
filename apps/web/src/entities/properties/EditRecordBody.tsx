import { StaleEditNotice } from '../../components/StaleEditNotice';
import { staleRows, type StaleEdit } from '../../lib/staleEdit';
import { fieldLabel } from './labels';
import { PropertyDialogBody, type BodyProps } from './PropertyDialogFrame';
import { UnverifiedFields } from './sections';

/**
 * The body of Edit Property and Edit Scheme (ADRs 0060, 0067): the fields with unverified history
 * get their marker, and a save refused as stale shows what changed since the dialog opened, with
 * "Use the current values" (refill from the record as it now stands) and "Keep my changes".
 */
export function EditRecordBody<R extends { version?: string }>(
  p: BodyProps & {
    /** The form paths whose columns have unverified history. */
    unverified: ReadonlySet<string>;
    stale: StaleEdit<R>;
    /** Refill the form (and its base) from the record as it now stands. */
    onTakeCurrent: (current: R) => void;
  },
) {
  const { stale } = p;
  return (
    <UnverifiedFields.Provider value={p.unverified}>
      <PropertyDialogBody
        title={p.title}
        titleId={p.titleId}
        saving={p.saving}
        refused={p.refused}
        onCancel={p.onCancel}
        onSave={p.onSave}
      >
        {stale.current && (
          <StaleEditNotice
            rows={staleRows(stale, fieldLabel)}
            onTakeCurrent={() => stale.takeCurrent(p.onTakeCurrent)}
            onKeepMine={stale.keepMine}
          />
        )}
        {p.children}
      </PropertyDialogBody>
    </UnverifiedFields.Provider>
  );
}
