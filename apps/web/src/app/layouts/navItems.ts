import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import MapIcon from '@mui/icons-material/Map';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import StorefrontIcon from '@mui/icons-material/Storefront';
import BusinessIcon from '@mui/icons-material/Business';
import ContactsIcon from '@mui/icons-material/Contacts';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import HandshakeIcon from '@mui/icons-material/Handshake';
import EventNoteIcon from '@mui/icons-material/EventNote';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import AssessmentIcon from '@mui/icons-material/Assessment';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { preloadMapCode, preloadMapPage } from '../../features/map/preload';
import WebhookIcon from '@mui/icons-material/Webhook';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<SvgIconProps>;
  adminOnly?: boolean;
  end?: boolean;
  /** Loads what the page needs when the entry is hovered or focused (the map's large chunk). */
  preload?: () => void;
  /** Loads the page's code once the signed-in app is idle (AppShell), before any hover. */
  preloadWhenIdle?: () => void;
}

/**
 * Side drawer entries in the spec's order (spec A §2); Lease Events after Deals (ADR 0088), Imports
 * after the spec's entries (ADR 0096), then the admins' Webhooks (ADR 0098).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'My Properties', to: '/', icon: HomeWorkIcon, end: true },
  { label: 'Map', to: '/map', icon: MapIcon, preload: preloadMapPage, preloadWhenIdle: preloadMapCode },
  { label: 'Schemes', to: '/schemes', icon: LocationCityIcon },
  { label: 'Properties', to: '/properties', icon: StorefrontIcon },
  { label: 'Companies', to: '/companies', icon: BusinessIcon },
  { label: 'Contacts', to: '/users', icon: ContactsIcon },
  { label: 'Pipelines', to: '/pipelines', icon: ViewKanbanIcon },
  { label: 'Enquiries', to: '/enquiries', icon: QuestionAnswerIcon },
  { label: 'Deals', to: '/deals', icon: HandshakeIcon },
  { label: 'Lease Events', to: '/lease-events', icon: EventNoteIcon },
  { label: 'Tracked Retailers (Admin)', to: '/core', icon: AdminPanelSettingsIcon, adminOnly: true },
  { label: 'Tracked Retailers', to: '/core-data', icon: TrackChangesIcon },
  { label: 'Gap Analysis (Beta)', to: '/reports/gap-analysis', icon: AssessmentIcon },
  { label: 'Imports', to: '/imports', icon: UploadFileIcon },
  { label: 'Webhooks', to: '/webhooks', icon: WebhookIcon, adminOnly: true },
];
