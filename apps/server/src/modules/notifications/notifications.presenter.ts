import { ENTITY_TYPES, type EntityType, type Notification } from '@frontage/shared';
import { iso, isoRequired } from '../../lib/dates';
import type { NotificationRow } from './notifications.repository';

const entityType = (t: string | null): EntityType | null =>
  t && (ENTITY_TYPES as readonly string[]).includes(t) ? (t as EntityType) : null;

export const presentNotification = (n: NotificationRow): Notification => ({
  id: n.id,
  type: n.type,
  message: n.message,
  entity_type: entityType(n.entity_type),
  entity_id: n.entity_id,
  url: n.url,
  read_at: iso(n.read_at),
  created_at: isoRequired(n.created_at),
});
