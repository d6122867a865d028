import type { MapSidePanelProps } from '../state';

/** The map's side panel (issue 15): filters, the in-view list, area search and saved areas. */
export function MapSidePanel(props: MapSidePanelProps) {
  void props;
  return <aside aria-label="Map panel" />;
}
