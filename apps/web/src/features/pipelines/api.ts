import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EnquiryStage, Page } from '@frontage/shared';
import { enquiryKeys, type Enquiry, type EnquiryListFilters } from '../../entities/enquiries/api';
import { http } from '../../lib/http';

/** Cards a column loads at a time: its first page, then one more per "Load more". */
export const PIPELINE_PER_PAGE = 25;
/** What a card shows: who enquired (company or contact) and where (property or scheme). */
export const PIPELINE_INCLUDE = 'company,user,scheme,property';

/**
 * One column of the board: GET /api/enquiries for its stage, newest change first, a page at a
 * time. Keyed under `enquiryKeys.all`, so `refreshEnquiries` (every enquiry write) refreshes it.
 */
export const useBoardColumn = (stage: EnquiryStage, filters: EnquiryListFilters) =>
  useInfiniteQuery({
    queryKey: [...enquiryKeys.all, 'board', stage, filters] as const,
    queryFn: ({ pageParam, signal }) =>
      http.get<Page<Enquiry>>('/enquiries', {
        query: {
          include: PIPELINE_INCLUDE,
          ...filters,
          stage,
          sort: '-updated_at',
          per_page: PIPELINE_PER_PAGE,
          page: pageParam,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const p = last.meta.pagination;
      return p.current_page < p.total_pages ? p.current_page + 1 : undefined;
    },
    placeholderData: keepPreviousData,
  });
