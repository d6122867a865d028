import {
  MATCH_MESSAGES,
  todayIso,
  type EnquiryMatchQueryParsed,
  type MatchMeasure,
  type MatchScope,
  type Page,
  type EnquiryMatch,
  type PropertyEnquiryMatch,
} from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { offsetOf, toPage } from '../../lib/page';
import { presentEnquiryMatch, presentUnitMatch } from './enquiry-matches.presenter';
import * as repo from './enquiry-matches.repository';

/** Matching (ADR 0053). Any signed-in user reads both directions. */

export type UnitMatchPage = Page<EnquiryMatch> & {
  meta: { match: { scope: MatchScope; measure: MatchMeasure; radius_miles: number | null } };
};

/** The question an enquiry asks of match_units, its defaults resolved; a 422 when the scope has no answer. */
export const unitFilterOf = (
  place: repo.EnquiryPlace,
  q: Pick<EnquiryMatchQueryParsed, 'scope' | 'radius_miles' | 'measure'>,
  today: string,
): repo.UnitMatchFilter => {
  const scope: MatchScope = q.scope ?? (place.property_id === null ? 'scheme' : 'town');
  if (scope === 'scheme' && place.scheme_id === null)
    throw ValidationError.field('scope', MATCH_MESSAGES.noScheme);
  if (scope === 'town' && !place.town) throw ValidationError.field('scope', MATCH_MESSAGES.noTown);
  if (scope === 'radius' && (place.lat === null || place.lng === null))
    throw ValidationError.field('scope', MATCH_MESSAGES.noPosition);
  return {
    scope,
    schemeId: place.scheme_id,
    town: place.town,
    lat: place.lat,
    lng: place.lng,
    radiusMiles: q.radius_miles,
    measure: q.measure,
    sizeFrom: place.size_from,
    sizeTo: place.size_to,
    rentFrom: place.rent_from,
    rentTo: place.rent_to,
    excludeId: place.property_id,
    today,
  };
};

/** GET /api/enquiries/{id}/matches: the units that fit the enquiry, ranked and paged. */
export const unitMatches = async (
  deps: ServiceDeps,
  enquiryId: number,
  q: EnquiryMatchQueryParsed,
): Promise<UnitMatchPage> => {
  const place = await repo.enquiryPlace(deps.db, enquiryId);
  if (!place) throw new NotFoundError();
  const filter = unitFilterOf(place, q, todayIso(deps.now()));
  const { rows, total } = await repo.unitMatchPage(deps.db, filter, q.per_page, offsetOf(q.page, q.per_page));
  const page = toPage(rows.map(presentUnitMatch), { total, page: q.page, perPage: q.per_page });
  return {
    ...page,
    meta: {
      ...page.meta,
      match: {
        scope: filter.scope,
        measure: filter.measure,
        radius_miles: filter.scope === 'radius' ? filter.radiusMiles : null,
      },
    },
  };
};

/** GET /api/properties/{id}/enquiry-matches: the live enquiries the unit would satisfy, newest first. */
export const enquiryMatches = async (
  deps: ServiceDeps,
  propertyId: number,
  q: { page: number; per_page: number; measure: MatchMeasure },
): Promise<Page<PropertyEnquiryMatch>> => {
  const unit = await repo.unitFacts(deps.db, propertyId, q.measure);
  if (!unit) throw new NotFoundError();
  const { rows, total } = await repo.enquiryMatchPage(
    deps.db,
    unit,
    q.per_page,
    offsetOf(q.page, q.per_page),
  );
  return toPage(rows.map(presentEnquiryMatch), { total, page: q.page, perPage: q.per_page });
};

/** Who should hear that a unit is now vacant: each author's matching live enquiries (NIA), newest first. */
export const authorsOfMatches = async (
  db: Db,
  propertyId: number,
): Promise<{ label: string; byAuthor: Map<number, repo.EnquiryMatchRow[]> } | undefined> => {
  const unit = await repo.unitFacts(db, propertyId, 'nia_sqrt');
  if (!unit) return undefined;
  const { rows } = await repo.enquiryMatchPage(db, unit, null);
  const byAuthor = new Map<number, repo.EnquiryMatchRow[]>();
  for (const row of rows) {
    if (row.created_by === null) continue;
    byAuthor.set(row.created_by, [...(byAuthor.get(row.created_by) ?? []), row]);
  }
  const label = (await repo.propertyLabel(db, propertyId)) ?? `Property ${propertyId}`;
  return { label, byAuthor };
};
