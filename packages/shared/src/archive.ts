import { z } from 'zod';
import { isAdmin, type Actor } from './permissions';

/**
 * Archiving a property or a scheme (ADR 0078): DELETE /api/properties/{id} and
 * DELETE /api/schemes/{id} archive — never delete — with a reason; POST …/{id}/restore brings the
 * record back. An archived record leaves every list, search, the map, comparables, matching and
 * gap analysis, and stays readable by id with its deals and history.
 */

export const ARCHIVE_REASON_MAX = 1000;

export const ARCHIVE_MESSAGES = {
  reasonRequired: 'Give a reason for archiving.',
  reasonTooLong: `The reason may not be longer than ${ARCHIVE_REASON_MAX} characters.`,
  propertyArchived: 'The property has been archived.',
  schemeArchived: 'The scheme has been archived, with its units.',
  propertyRestored: 'The property has been restored.',
  schemeRestored: 'The scheme has been restored, with the units archived with it.',
  alreadyArchived: 'This record is already archived.',
  notArchived: 'This record is not archived.',
  dealOnArchivedProperty: 'This property is archived: restore it before recording a deal.',
  dealOnArchivedScheme: 'This scheme is archived: restore it before recording a deal.',
  schemeOfUnitArchived: 'Its scheme is archived: restore the scheme first.',
  selectedSchemeArchived: 'The selected scheme is archived: restore it first.',
} as const;

/** The body of DELETE /api/properties/{id} and /api/schemes/{id}: why it is archived (required). */
export const archiveBodySchema = z.preprocess(
  // No body at all is a missing reason (a 422 on `reason`, as an empty one).
  (v) => (v === undefined || v === null ? {} : v),
  z.object({
    reason: z
      .string({ error: ARCHIVE_MESSAGES.reasonRequired })
      .trim()
      .min(1, ARCHIVE_MESSAGES.reasonRequired)
      .max(ARCHIVE_REASON_MAX, ARCHIVE_MESSAGES.reasonTooLong),
  }),
);
export type ArchiveBody = z.output<typeof archiveBodySchema>;

/**
 * The admins' Archived filter of the Properties and Schemes lists (and their exports): `only`
 * shows archived records alone, `include` live and archived; absent, live records only. Anyone
 * else sending it is refused (403).
 */
export const ARCHIVED_FILTERS = ['only', 'include'] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];
export const archivedFilterSchema = z.enum(ARCHIVED_FILTERS).optional();

/** What a property or scheme read carries about its archiving (null = live). */
export const archiveReadShape = {
  archived_at: z.string().nullable().optional(),
  archived_by: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  archive_reason: z.string().nullable().optional(),
  /** The company of the user who created the record: its owner (ADR 0078); null when unknown. */
  owner_company_id: z.number().int().nullable().optional(),
};

/**
 * Who may archive and restore a property or scheme (ADR 0078): an admin, or a member of its
 * owner company — the company of the user who created it. A record with no known owner is an
 * admin's alone.
 */
export const canArchivePlace = (
  actor: Actor | null | undefined,
  ownerCompanyId: number | null | undefined,
): boolean =>
  !!actor &&
  (isAdmin(actor) ||
    (actor.company_id !== null && ownerCompanyId != null && actor.company_id === ownerCompanyId));
