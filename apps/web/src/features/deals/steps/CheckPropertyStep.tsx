import { FormSection, Wide } from '../../../components/FormSection';
import { AddressSection, AreasSection } from '../../../entities/properties/sections';
import { TextInput } from './fields';

/** Step 2 (spec B §2): the address with the unit, planning, and the areas with "Add Areas". */
export function CheckPropertyStep() {
  return (
    <>
      <AddressSection />
      <FormSection title="Planning">
        <Wide>
          <TextInput name="planning" label="Planning" />
        </Wide>
      </FormSection>
      <AreasSection />
    </>
  );
}
export const CHECK_PROPERTY_FIELDS = ['building_num', 'address', 'planning', 'areas'] as const;
