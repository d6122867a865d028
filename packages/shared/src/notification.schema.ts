import { z } from 'zod';
import { ENTITY_TYPES } from './enums';

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  /** One line shown in the list, e.g. "Alice Smith mentioned you on 12 High Street". */
  message: z.string(),
  entity_type: z.enum(ENTITY_TYPES).nullable(),
  entity_id: z.number().int().nullable(),
  /** The in-app path that opens the subject, e.g. "/properties?id=12". */
  url: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Path that opens an entity in the web app; comments link the same way (spec A §2). */
export const entityPath = (type: (typeof ENTITY_TYPES)[number], id: number): string => {
  switch (type) {
    case 'company':
      return `/companies?id=${id}`;
    case 'user':
      return `/users?id=${id}`;
    case 'scheme':
      return `/schemes?id=${id}`;
    case 'property':
      return `/properties?id=${id}`;
    case 'enquiry':
      return `/enquiries?id=${id}&type=enquiry`;
  }
};
