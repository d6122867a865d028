import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Import, ImportApplyBody, ImportEntity, ImportStatus, Page } from '@frontage/shared';
import { http } from '../../lib/http';

/**
 * The /imports page's calls (ADR 0094, 0096). Upload, re-map, apply and revert show their 413 /
 * 422 / 503 in place, so they are quiet for those; the rest go through the one error catalogue.
 */
export const importKeys = {
  all: ['imports'] as const,
  list: (page: number, perPage: number) => ['imports', 'list', page, perPage] as const,
  one: (id: number) => ['imports', 'one', id] as const,
  templates: (entity: ImportEntity) => ['imports', 'templates', entity] as const,
};

/** A job or a validation is running: the page asks again until it is not. */
export const IMPORT_BUSY: readonly ImportStatus[] = ['validating', 'applying', 'reverting'];
/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

const isBusy = (imp: Import | undefined) => !!imp && IMPORT_BUSY.includes(imp.status);

/** GET /api/imports: newest first; polled while one of the page's imports is running. */
export const useImports = (page: number, perPage: number) =>
  useQuery({
    queryKey: importKeys.list(page, perPage),
    queryFn: ({ signal }) =>
      http.get<Page<Import>>('/imports', { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.data.some(isBusy) ? IMPORT_POLL_MS : false),
  });

/** GET /api/imports/{id}: the preview, then the apply's progress (polled while it runs). */
export const useImport = (id: number | null) =>
  useQuery({
    queryKey: importKeys.one(id ?? 0),
    queryFn: async ({ signal }) => (await http.get<{ data: Import }>(`/imports/${id}`, { signal })).data,
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (isBusy(q.state.data) ? IMPORT_POLL_MS : false),
  });

/** GET /api/imports/templates?entity=: the saved mappings of an entity type. */
export const useImportTemplates = (entity: ImportEntity | null) =>
  useQuery({
    queryKey: importKeys.templates(entity ?? 'properties'),
    queryFn: async ({ signal }) =>
      (
        await http.get<{ data: Array<{ id: number; name: string; mapping: Record<string, string> }> }>(
          '/imports/templates',
          { query: { entity }, signal },
        )
      ).data,
    enabled: entity !== null,
  });

const INLINE = [413, 422, 503] as const;

/** POST /api/imports (multipart `entity`, `file`): the whole-file preview. */
export const uploadImport = async (entity: ImportEntity, file: File): Promise<Import> => {
  const form = new FormData();
  form.append('entity', entity);
  form.append('file', file, file.name);
  return (await http.post<{ data: Import }>('/imports', form, { quiet: INLINE })).data;
};

/** PUT /api/imports/{id}/mapping: every row validated again; optionally saved as a template. */
export const remapImport = async (
  id: number,
  mapping: Record<string, string>,
  templateName: string,
): Promise<Import> =>
  (
    await http.put<{ data: Import }>(
      `/imports/${id}/mapping`,
      { mapping, ...(templateName.trim() ? { template_name: templateName.trim() } : {}) },
      { quiet: INLINE },
    )
  ).data;

export const applyImport = async (id: number, choices: ImportApplyBody): Promise<Import> =>
  (await http.post<{ data: Import }>(`/imports/${id}/apply`, choices, { quiet: INLINE })).data;

export const revertImport = async (id: number, force: boolean): Promise<Import> =>
  (await http.post<{ data: Import }>(`/imports/${id}/revert`, { force }, { quiet: INLINE })).data;

/** After a call that changed an import: its own query holds the answer, the history refetches. */
export const useImportChanged = () => {
  const qc = useQueryClient();
  return (imp: Import) => {
    qc.setQueryData(importKeys.one(imp.id), (old: Import | undefined) => ({ ...old, ...imp }));
    void qc.invalidateQueries({ queryKey: importKeys.all });
  };
};

/**
 * When an import this screen saw running has finished (applied or reverted), records were written
 * or removed: every list of records is stale, whichever entity the import was of.
 */
export const useRecordsRefresh = (seen: readonly Import[]) => {
  const qc = useQueryClient();
  const running = useRef(new Set<number>());
  useEffect(() => {
    let finished = false;
    for (const imp of seen) {
      if (isBusy(imp)) running.current.add(imp.id);
      else if (running.current.delete(imp.id)) finished = true;
    }
    if (finished) void qc.invalidateQueries();
  }, [seen, qc]);
};
