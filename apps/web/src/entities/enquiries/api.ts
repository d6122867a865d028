import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Enquiry,
  EnquiryCreate,
  EnquirySort,
  EnquiryStage,
  EnquiryUpdate,
  Page,
  Reason,
} from '@frontage/shared';
import { http } from '../../lib/http';
import { versionHeaders } from '../../lib/staleEdit';

/**
 * The label of the /enquiries and /pipelines search field: what `?q=` matches — the enquirer's
 * company and contact, and the enquiry's town (ADR 0085).
 */
export const ENQUIRY_SEARCH_LABEL = 'Search company, contact, town';

/**
 * Query keys of enquiry reads: invalidating `all` refreshes every list, board column, match list
 * and dialog showing an enquiry (spec A §4: a successful edit refreshes every list showing it).
 */
export const enquiryKeys = {
  all: ['enquiries'] as const,
  list: (params: EnquiryListParams) => ['enquiries', 'list', params] as const,
  one: (id: number) => ['enquiries', 'one', id] as const,
};

/** The relations every enquiry list and dialog asks for (spec A §7). */
export const ENQUIRY_INCLUDE = 'company,user,scheme,property,comments,size,rent,size_from';

/** The filters of GET /api/enquiries and its export as the web sends them (enquiryFiltersSchema). */
export type EnquiryListFilters = {
  property_id?: number;
  scheme_id?: number;
  /** Stages, comma separated ('interest,under_offer' when withdrawn/completed are hidden). */
  stage?: string;
  /** Reasons, comma separated. */
  reason?: string;
  company_id?: number;
  /** The contact who made the enquiry. */
  user_id?: number;
  town?: string;
  q?: string;
  received_from?: string;
  received_to?: string;
  mine?: '1';
  my_company?: '1';
  sort?: EnquirySort;
};
export type EnquiryListParams = EnquiryListFilters & { page: number; per_page: number; include?: string };

/** GET /api/enquiries: filtered, sorted and paged on the server; the previous page stays while the next loads. */
export const useEnquiryList = (params: EnquiryListParams, enabled = true) =>
  useQuery({
    enabled,
    queryKey: enquiryKeys.list(params),
    queryFn: ({ signal }) =>
      http.get<Page<Enquiry>>('/enquiries', {
        query: { include: ENQUIRY_INCLUDE, ...params },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/enquiries/{id} with its relations and unverified_history_count. */
export const useEnquiry = (id: number | null) =>
  useQuery({
    enabled: id !== null,
    queryKey: enquiryKeys.one(id ?? 0),
    queryFn: async ({ signal }) =>
      (await http.get<{ data: Enquiry }>(`/enquiries/${id}`, { query: { include: ENQUIRY_INCLUDE }, signal }))
        .data,
  });

/** After any enquiry write: every enquiry list, board column, match list and the record itself. */
export const refreshEnquiries = (qc: QueryClient): Promise<unknown> =>
  Promise.all([
    qc.invalidateQueries({ queryKey: enquiryKeys.all }),
    qc.invalidateQueries({ queryKey: ['enquiry-matches'] }),
  ]);

/** POST /api/enquiries. 422s are shown against the form's fields, so they are not toasted. */
export const useCreateEnquiry = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: EnquiryCreate) =>
      (await http.post<{ data: Enquiry }>('/enquiries', body, { quiet: [422], successNotice: false })).data,
    onSuccess: () => refreshEnquiries(qc),
  });
};

/**
 * PUT /api/enquiries/{id}: absent fields stay as they are (the board sends only the stage).
 * `quiet`: the statuses the caller shows itself (422 by default; the board adds 403, whose
 * message it shows on the card's move instead of leaving for the access-error page).
 */
export const useUpdateEnquiry = ({ quiet = [422] }: { quiet?: readonly number[] } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, version }: { id: number; body: EnquiryUpdate; version?: string }) =>
      (
        await http.put<{ data: Enquiry }>(`/enquiries/${id}`, body, {
          quiet: version ? [...quiet, 412] : quiet,
          successNotice: false,
          headers: versionHeaders(version),
        })
      ).data,
    onSuccess: () => refreshEnquiries(qc),
  });
};

/** DELETE /api/enquiries/{id} (spec A §8: a failed delete shows no message). */
export const useDeleteEnquiry = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/enquiries/${id}`, { quiet: true, successNotice: false }),
    onSuccess: () => refreshEnquiries(qc),
  });
};

/** Whether a created or edited enquiry ends as completed, so the deal question is asked (spec A §4). */
export const endsCompleted = (stage: EnquiryStage | undefined | null): boolean => stage === 'completed';

export type { Enquiry, EnquiryStage, Reason };
