import type { Notification, User } from '@frontage/shared';

export const makeUser = (overrides: Partial<User> = {}): User => ({
  id: 2,
  name: 'Alice Agent',
  email: 'agent@example.com',
  company_id: 1,
  company: {
    id: 1,
    name: 'Acme Retail',
    core_id: null,
    domain: 'example.com',
    phone: null,
    is_verified: true,
  },
  direct_dial: null,
  mobile: null,
  type: 'user',
  is_temp: false,
  can_sign_in: true,
  currency: 'GBP',
  settings: { theme: 'light', hidden_videos: [] },
  last_activity: null,
  created_at: '2026-01-01T09:00:00Z',
  updated_at: '2026-01-01T09:00:00Z',
  ...overrides,
});

export const makeAdmin = (overrides: Partial<User> = {}): User =>
  makeUser({ id: 1, name: 'Adam Admin', email: 'admin@example.com', type: 'admin', ...overrides });

export const makeNotification = (overrides: Partial<Notification> = {}): Notification => ({
  id: 1,
  type: 'mention',
  message: 'Bob mentioned you on 12 High Street',
  entity_type: 'property',
  entity_id: 12,
  url: '/properties?id=12',
  read_at: null,
  created_at: '2026-03-05T14:07:00Z',
  ...overrides,
});
