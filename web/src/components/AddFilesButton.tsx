import { uploadProblem } from '@compass/shared';
import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from './Button';

/** "Add files": the chosen files checked as the server checks them, sent as one form for the record. */
export function AddFilesButton({
  recordId,
  pending,
  onUpload,
}: {
  recordId: string;
  pending: boolean;
  onUpload: (form: FormData) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        className="visually-hidden"
        aria-label="Add files"
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          const problem = chosen
            .map((file) => uploadProblem({ name: file.name, size: file.size }))
            .find(Boolean);
          if (problem) {
            toast.error(problem);
            return;
          }
          if (chosen.length === 0) return;
          const form = new FormData();
          form.append('_id', recordId);
          for (const file of chosen) form.append('files', file, file.name);
          onUpload(form);
        }}
      />
      <div>
        <Button
          icon={<Upload size={16} aria-hidden="true" />}
          loading={pending}
          onClick={() => input.current?.click()}
        >
          Add files
        </Button>
      </div>
    </>
  );
}
