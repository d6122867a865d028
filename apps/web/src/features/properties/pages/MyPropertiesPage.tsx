import { useState } from 'react';
import { PageHeading } from '../../../components/PageHeading';
import { DEFAULT_PROPERTY_LIST, PropertyList, type PropertyListState } from '../components/PropertyList';

/** / — My Properties: where the user or the user's company holds any party role (`mine=1`). */
export default function MyPropertiesPage() {
  const [state, setState] = useState<PropertyListState>(DEFAULT_PROPERTY_LIST);
  return (
    <>
      <PageHeading title="My Properties" />
      <PropertyList
        label="My Properties"
        mine
        state={state}
        update={(patch) => setState((s) => ({ ...s, ...patch }))}
      />
    </>
  );
}
