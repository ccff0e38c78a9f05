import { DownloadIcon, Loader2Icon, UploadIcon } from 'lucide-react';
import { useRef, useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { exportTags, useImportTags, type TagFileFormat } from '@/features/tags/api/tag-files';
import { useApiClient } from '@/lib/api-client-context';
import { errorMessage } from '@/lib/error-message';

const fileTypes: Record<TagFileFormat, string> = { xml: 'application/xml', csv: 'text/csv' };

/** A file name from the video's title: letters, digits, spaces and dashes. */
function exportFileName(title: string, format: TagFileFormat): string {
  const base = title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().replace(/\s+/g, '-') || 'tags';
  return `${base}.${format}`;
}

function saveFile(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export the video's instances (Sportscode XML or CSV) and import a file of them, with what the import did or why it did not. */
export function TagFiles({ videoKey, title }: { videoKey: string; title: string }) {
  const api = useApiClient();
  const importer = useImportTags(videoKey);
  const [exportError, setExportError] = useState<unknown>(null);
  const picker = useRef<HTMLInputElement>(null);

  async function download(format: TagFileFormat) {
    setExportError(null);
    try {
      saveFile(await exportTags(api, videoKey, format), exportFileName(title, format), fileTypes[format]);
    } catch (error) {
      setExportError(error);
    }
  }

  const result = importer.data;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm">
              <DownloadIcon aria-hidden="true" /> Export
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => void download('xml')}>Sportscode XML (.xml)</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void download('csv')}>CSV (.csv)</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <Button variant="outline" size="sm" disabled={importer.isPending} onClick={() => picker.current?.click()}>
          {importer.isPending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : <UploadIcon aria-hidden="true" />} Import
        </Button>
        <input
          ref={picker}
          type="file"
          accept=".xml,.csv,application/xml,text/xml,text/csv"
          aria-label="Tag file to import"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) importer.mutate(file);
          }}
        />
      </div>
      <div role="status" className="text-sm empty:hidden">
        {result
          ? `Imported ${result.imported} ${result.imported === 1 ? 'instance' : 'instances'}.${result.newCodes.length > 0 ? ` New codes: ${result.newCodes.join(', ')}.` : ''}`
          : null}
      </div>
      <ErrorAlert error={importer.isError ? `The file was not imported: ${errorMessage(importer.error)}` : null} />
      <ErrorAlert error={exportError ? `The export failed: ${errorMessage(exportError)}` : null} />
    </div>
  );
}
