import { uploadProblem } from '@compass/shared';
import { Upload } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from './Button';

/**
 * A button that opens the file chooser (its input hidden, named `inputLabel`): the chosen files,
 * if any, are checked as the server checks them (the first problem shows as an error toast) and
 * handed to `onChosen`.
 */
export function FilePickerButton({
  label,
  inputLabel = label,
  icon,
  size,
  pending = false,
  onChosen,
}: {
  label: string;
  inputLabel?: string;
  icon: ReactNode;
  size?: ButtonProps['size'];
  pending?: boolean;
  onChosen: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        className="visually-hidden"
        aria-label={inputLabel}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          const problem = chosen
            .map((file) => uploadProblem({ name: file.name, size: file.size }))
            .find(Boolean);
          if (problem) toast.error(problem);
          else if (chosen.length > 0) onChosen(chosen);
        }}
      />
      <div>
        <Button size={size} icon={icon} loading={pending} onClick={() => input.current?.click()}>
          {label}
        </Button>
      </div>
    </>
  );
}

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
  return (
    <FilePickerButton
      label="Add files"
      icon={<Upload size={16} aria-hidden="true" />}
      pending={pending}
      onChosen={(chosen) => {
        const form = new FormData();
        form.append('_id', recordId);
        for (const file of chosen) form.append('files', file, file.name);
        onUpload(form);
      }}
    />
  );
}
