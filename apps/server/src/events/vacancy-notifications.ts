/**
 * "Unit 4, 12 High Street, Leeds is now vacant and matches your enquiry for Boots" (ADR
 * 0053): when a deal leaves a let unit vacant, the authors of the live enquiries the
 * unit now matches (GET /api/properties/{id}/enquiry-matches' rule, on NIA) hear it — once per
 * author per vacated unit, never the person who recorded the deal. Runs after the deal commits
 * (after-commit.ts), so it can neither fail nor slow the deal.
 */
import { entityPath } from '@frontage/shared';
import { authorsOfMatches } from '../modules/enquiry-matches/enquiry-matches.service';
import type { EnquiryMatchRow } from '../modules/enquiry-matches/enquiry-matches.repository';
import { insertNotifications, type NewNotification } from '../modules/notifications/notifications.repository';
import type { EventBus } from './bus';

export const VACANCY_NOTIFICATION_TYPE = 'enquiry_match';

const whoFor = (e: EnquiryMatchRow): string => e.company_name ?? e.contact_name ?? `enquiry ${e.id}`;

/** The one line: the newest matching enquiry by name, and how many more match. */
export const vacancyMessage = (label: string, enquiries: readonly EnquiryMatchRow[]): string => {
  const [first, ...rest] = enquiries;
  const more = rest.length ? ` (and ${rest.length} more of your enquiries)` : '';
  return `${label} is now vacant and matches your enquiry for ${whoFor(first!)}${more}`;
};

export const registerVacancyNotifications = (bus: EventBus): void => {
  bus.on('property.vacated', async (event, ctx) => {
    const found = await authorsOfMatches(ctx.db, event.propertyId);
    if (!found) return;
    const rows: NewNotification[] = [];
    for (const [userId, enquiries] of found.byAuthor) {
      if (userId === event.actorId) continue;
      const newest = enquiries[0]!;
      rows.push({
        user_id: userId,
        type: VACANCY_NOTIFICATION_TYPE,
        message: vacancyMessage(found.label, enquiries),
        entity_type: 'enquiry',
        entity_id: newest.id,
        url: entityPath('enquiry', newest.id),
        data: {
          property_id: event.propertyId,
          deal_id: event.dealId,
          enquiry_ids: enquiries.map((e) => e.id),
        },
        created_at: ctx.now,
      });
    }
    await insertNotifications(ctx.db, rows);
    for (const r of rows) ctx.notifiedUserIds.add(r.user_id);
  });
};
