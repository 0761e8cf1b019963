import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { downloadFile } from '../api/client';
import { notifyError } from '../api/errors';
import { Button } from './Button';

/** Said when the server cut an export at its row limit and the call names no message of its own. */
const TRUNCATED = 'The file holds only the first rows: narrow the filters to export the rest.';

/**
 * A list's export: downloads the file the url names, busy while it comes, a failure as a notice,
 * and a warning when the server cut the file at its row limit.
 */
export function ExportButton({
  label,
  url,
  fileName,
  truncatedMessage = TRUNCATED,
}: {
  label: string;
  url: string;
  fileName: string;
  truncatedMessage?: string;
}) {
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      icon={<Download size={16} aria-hidden="true" />}
      loading={exporting}
      onClick={() => {
        setExporting(true);
        downloadFile(url, fileName)
          .then(({ truncated }) => {
            if (truncated) toast.warning(truncatedMessage);
          })
          .catch(notifyError)
          .finally(() => setExporting(false));
      }}
    >
      {label}
    </Button>
  );
}
