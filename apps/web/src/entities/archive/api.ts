import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import type { Property, Scheme } from '@frontage/shared';
import { request } from '../../lib/http';
import { queryKeys } from '../../lib/queryClient';

/** What can be archived (ADR 0078). */
export type ArchiveKind = 'property' | 'scheme';
type Record_<K extends ArchiveKind> = K extends 'property' ? Property : Scheme;

const pathOf = (kind: ArchiveKind, id: number) => `/${kind === 'property' ? 'properties' : 'schemes'}/${id}`;

/**
 * Archive (DELETE with a reason) or restore a property or scheme. On success the user is told (the
 * server's message) and every cached read but the session is refreshed: lists, searches, the map,
 * comparables and matching no longer (or again) show the record. A 422 is shown by the dialog.
 */
export const useArchiveAction = <K extends ArchiveKind>(kind: K, id: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string | null) =>
      reason === null
        ? request<{ msg: string; data: Record_<K> }>(`${pathOf(kind, id)}/restore`, { method: 'POST' })
        : request<{ msg: string; data: Record_<K> }>(pathOf(kind, id), {
            method: 'DELETE',
            body: { reason },
            quiet: [422],
          }),
    onSuccess: (res) => {
      enqueueSnackbar(res.msg, { variant: 'success' });
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
    },
  });
};
