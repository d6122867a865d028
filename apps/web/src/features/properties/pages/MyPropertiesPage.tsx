import { PageHeading } from '../../../components/PageHeading';
import { useLocalListState } from '../../../lib/useListPage';
import { DEFAULT_PROPERTY_LIST, PropertyList } from '../components/PropertyList';

/** / — My Properties: where the user or the user's company holds any party role (`mine=1`). */
export default function MyPropertiesPage() {
  const store = useLocalListState(DEFAULT_PROPERTY_LIST);
  return (
    <>
      <PageHeading title="My Properties" />
      <PropertyList label="My Properties" mine store={store} />
    </>
  );
}
