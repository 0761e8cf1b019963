import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadFile } from '../api/client';
import { notifyError } from '../api/errors';
import { Button } from './Button';

/** A list's export: downloads the file the url names, busy while it comes, a failure as a notice. */
export function ExportButton({ label, url, fileName }: { label: string; url: string; fileName: string }) {
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      icon={<Download size={16} aria-hidden="true" />}
      loading={exporting}
      onClick={() => {
        setExporting(true);
        downloadFile(url, fileName)
          .catch(notifyError)
          .finally(() => setExporting(false));
      }}
    >
      {label}
    </Button>
  );
}
