import { TAG_IMPORT_MAX_BYTES, tagImportResult, type TagImportResult } from '@app/contracts/film';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { tagsKey, tagsPath } from '@/features/tags/api/get-tags';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

export type TagFileFormat = 'xml' | 'csv';

/** `GET /api/user/videos/{key}/tags/export?format=xml|csv`: Sportscode XML or CSV `code,start,end,labels`, as text. */
export function exportTags(api: ApiClient, videoKey: string, format: TagFileFormat): Promise<string> {
  return api.request(`${tagsPath({ kind: 'video', key: videoKey })}/export?format=${format}`, { schema: z.string() });
}

/** The media type the import takes for a file: by its name, else by what the browser says it is. */
function importType(file: Pick<File, 'name' | 'type'>): string | null {
  if (/\.xml$/i.test(file.name) || /xml/.test(file.type)) return 'application/xml';
  if (/\.csv$/i.test(file.name) || file.type === 'text/csv') return 'text/csv';
  return null;
}

export const NOT_A_TAG_FILE = 'Choose a Sportscode XML file (.xml) or a CSV file (.csv).';
export const TAG_FILE_TOO_BIG = `A tag file has at most ${TAG_IMPORT_MAX_BYTES / 1024 / 1024} MB.`;

/** `POST /api/user/videos/{key}/tags/import`: the file's bytes as they are; all of it or nothing. */
export function importTags(api: ApiClient, videoKey: string, file: File): Promise<TagImportResult> {
  const type = importType(file);
  if (!type) return Promise.reject(new Error(NOT_A_TAG_FILE));
  // The server refuses it too; this spares the upload.
  if (file.size > TAG_IMPORT_MAX_BYTES) return Promise.reject(new Error(TAG_FILE_TOO_BIG));
  return api.request(`${tagsPath({ kind: 'video', key: videoKey })}/import`, { method: 'POST', raw: { body: file, type }, schema: tagImportResult });
}

/** An import adds instances and may add codes to the window: both are read again. */
export function useImportTags(videoKey: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  return useMutation({
    mutationFn: (file: File) => importTags(api, videoKey, file),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tagsKey(userKey, { kind: 'video', key: videoKey }) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.codes(userKey) }),
      ]),
  });
}
