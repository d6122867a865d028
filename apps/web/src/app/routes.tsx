import type { RouteObject } from 'react-router';
import { BootGate, GuestOnly, RequireAdmin, RequireAuth } from './guards';
import { LoginPage, MainLayout } from './layouts/splitPoints';
import { ShellIfSignedIn } from './layouts/BareLayout';
import { PageLoadError, lazyPage } from './lazyPage';
import { MapPageRoute as MapPage } from '../features/map/preload';
import AccessErrorPage from './pages/AccessErrorPage';
import NotFoundPage from './pages/NotFoundPage';

const MyPropertiesPage = lazyPage(() => import('../features/properties/pages/MyPropertiesPage'));
const PropertiesPage = lazyPage(() => import('../features/properties/pages/PropertiesPage'));
const NewPropertyPage = lazyPage(() => import('../features/properties/pages/NewPropertyPage'));
const SetMeAsLandlordContactPage = lazyPage(
  () => import('../features/properties/pages/SetMeAsLandlordContactPage'),
);
const SetMeAsTenantContactPage = lazyPage(
  () => import('../features/properties/pages/SetMeAsTenantContactPage'),
);
const ProfilePage = lazyPage(() => import('../features/profile/pages/ProfilePage'));
const NotificationsPage = lazyPage(() => import('../features/notifications/pages/NotificationsPage'));
const TrackedRetailersAdminPage = lazyPage(() => import('../features/core-admin/pages/CoreAdminPage'));
const TrackedRetailersPage = lazyPage(
  () => import('../features/tracked-retailers/pages/TrackedRetailersPage'),
);
const RetailerPage = lazyPage(() => import('../features/tracked-retailers/pages/RetailerPage'));
const ContactsPage = lazyPage(() => import('../features/contacts/pages/ContactsPage'));
const NewContactPage = lazyPage(() => import('../features/contacts/pages/NewContactPage'));
const EditContactPage = lazyPage(() => import('../features/contacts/pages/EditContactPage'));
const ContactPage = lazyPage(() => import('../features/contacts/pages/ContactPage'));
const CompaniesPage = lazyPage(() => import('../features/companies/pages/CompaniesPage'));
const NewCompanyPage = lazyPage(() => import('../features/companies/pages/NewCompanyPage'));
const EditCompanyPage = lazyPage(() => import('../features/companies/pages/EditCompanyPage'));
const CompanyPage = lazyPage(() => import('../features/companies/pages/CompanyPage'));
const SchemesPage = lazyPage(() => import('../features/schemes/pages/SchemesPage'));
const NewSchemePage = lazyPage(() => import('../features/schemes/pages/NewSchemePage'));
const DealsPage = lazyPage(() => import('../features/deals/pages/DealsPage'));
const LeaseEventsPage = lazyPage(() => import('../features/lease-events/pages/LeaseEventsPage'));
const ComparablesPage = lazyPage(() => import('../features/comparables/pages/ComparablesPage'));
const GapAnalysisPage = lazyPage(() => import('../features/reports/pages/GapAnalysisPage'));
const EnquiriesPage = lazyPage(() => import('../features/enquiries/pages/EnquiriesPage'));
const PipelinesPage = lazyPage(() => import('../features/pipelines/pages/PipelinesPage'));
const ImportsPage = lazyPage(() => import('../features/imports/pages/ImportsPage'));
const WebhooksPage = lazyPage(() => import('../features/webhooks/pages/WebhooksPage'));

/** The spec's route table (spec A §2). */
export const appRoutes: RouteObject[] = [
  {
    element: <BootGate />,
    errorElement: <PageLoadError />,
    children: [
      { element: <GuestOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
      {
        element: <RequireAuth />,
        children: [
          {
            // One layout for every page (the map's frame is its variant): moving to or from the
            // map keeps the shell mounted.
            element: <MainLayout />,
            children: [
              { path: '/map', element: <MapPage /> },
              { path: '/', element: <MyPropertiesPage /> },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/notifications', element: <NotificationsPage /> },
              {
                element: <RequireAdmin />,
                children: [
                  { path: '/core', element: <TrackedRetailersAdminPage /> },
                  { path: '/webhooks', element: <WebhooksPage /> },
                ],
              },
              { path: '/users', element: <ContactsPage /> },
              { path: '/users/create', element: <NewContactPage /> },
              { path: '/users/:id', element: <ContactPage /> },
              { path: '/users/:id/edit', element: <EditContactPage /> },
              { path: '/companies', element: <CompaniesPage /> },
              { path: '/companies/create', element: <NewCompanyPage /> },
              { path: '/companies/:id', element: <CompanyPage /> },
              { path: '/companies/:id/edit', element: <EditCompanyPage /> },
              { path: '/schemes', element: <SchemesPage /> },
              { path: '/schemes/create', element: <NewSchemePage /> },
              { path: '/deals', element: <DealsPage /> },
              { path: '/lease-events', element: <LeaseEventsPage /> },
              { path: '/comparables', element: <ComparablesPage /> },
              { path: '/properties', element: <PropertiesPage /> },
              { path: '/properties/create', element: <NewPropertyPage /> },
              { path: '/core-data', element: <TrackedRetailersPage /> },
              { path: '/core-data/:id', element: <RetailerPage /> },
              { path: '/reports/gap-analysis', element: <GapAnalysisPage /> },
              { path: '/set-me-as-landlord-contact', element: <SetMeAsLandlordContactPage /> },
              { path: '/set-me-as-tenant-contact', element: <SetMeAsTenantContactPage /> },
              { path: '/enquiries', element: <EnquiriesPage /> },
              { path: '/pipelines', element: <PipelinesPage /> },
              { path: '/imports', element: <ImportsPage /> },
            ],
          },
        ],
      },
      {
        element: <ShellIfSignedIn />,
        children: [
          { path: '/access-error', element: <AccessErrorPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
