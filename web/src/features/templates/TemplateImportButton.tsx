import { templateMessages as say, ZTemplateDraft, type TTemplateDraft } from '@compass/shared';
import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '../../components/Button';

/** Import: a template file chosen, read and checked; a file that is not a template says so. */
export function TemplateImportButton({
  variant,
  fileLabel,
  onRead,
}: {
  variant?: ButtonProps['variant'];
  /** The hidden file input's name. */
  fileLabel: string;
  onRead: (template: TTemplateDraft) => void;
}) {
  const importRef = useRef<HTMLInputElement>(null);

  const readFile = async (file: File) => {
    try {
      const parsed = ZTemplateDraft.safeParse(JSON.parse(await file.text()));
      if (!parsed.success) throw new Error(say.importInvalid);
      onRead(parsed.data);
    } catch {
      toast.error(say.importInvalid);
    }
  };

  return (
    <>
      <Button
        variant={variant}
        icon={<Upload size={16} aria-hidden="true" />}
        onClick={() => importRef.current?.click()}
      >
        Import
      </Button>
      <input
        ref={importRef}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label={fileLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void readFile(file);
        }}
      />
    </>
  );
}
