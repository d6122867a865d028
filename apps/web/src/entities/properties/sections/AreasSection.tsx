import { useFormState } from 'react-hook-form';
import { AreaChecklist } from '../../../components/fields/AreaChecklist';
import type { AreasValue } from '../../../components/fields/areas';
import { FormSection, Wide } from '../../../components/FormSection';
import { Bound, useSection, type SectionProps } from './Bound';

/** Areas: the unit and the ticked areas under `<prefix>areas`; a server message per area key. */
export function AreasSection({ prefix, disabled }: SectionProps) {
  const { path, control } = useSection(prefix);
  const { errors } = useFormState({ control, name: path('areas') });
  let node: unknown = errors;
  for (const part of path('areas').split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const messages = Object.fromEntries(
    Object.entries((node ?? {}) as Record<string, { message?: unknown }>)
      .filter(([, e]) => typeof e?.message === 'string')
      .map(([key, e]) => [key, e.message as string]),
  );
  return (
    <FormSection title="Areas">
      <Wide>
        <Bound<AreasValue> name={path('areas')}>
          {(f) => (
            <AreaChecklist value={f.value} onChange={f.onChange} errors={messages} disabled={disabled} />
          )}
        </Bound>
      </Wide>
    </FormSection>
  );
}
