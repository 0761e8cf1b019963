import type { TKioskSetup, TVisitorQuestion } from '@compass/shared';
import { Camera, Download, FileText } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { FilePreview } from '../../components/FilePreviewDialog';
import { FieldLabel, FormField } from '../../components/FormField';
import { previewKind } from '../../components/previewable';
import { compressImage } from '../../fields/FileField';
import { DrawingCanvas } from '../../fields/widgets/DrawingCanvas';
import { kioskDocumentUrl } from './kioskApi';

/**
 * A flow's heading, focused as the flow opens: the button that opened it is gone, and a screen
 * reader hears where it now is (a text box would pop the tablet's keyboard up unasked).
 */
export function FlowHeading({ id, children }: { id?: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="kiosk-flow-title">
      {children}
    </h2>
  );
}

/** The answer a yes-or-no question stores: the words the register shows. */
const YES_NO = ['Yes', 'No'] as const;

/** A labelled line of text, its asterisk and `aria-required` when it must be filled in. */
export function KioskTextField({
  label,
  required = false,
  type = 'text',
  maxLength,
  value,
  onChange,
  error,
}: {
  label: string;
  required?: boolean;
  type?: 'text' | 'tel';
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField label={label} required={required} error={error}>
      {(control) => (
        <input
          {...control}
          className="input"
          type={type}
          autoComplete="off"
          maxLength={maxLength}
          aria-required={required || undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** One of the setup's questions: a text answer, or Yes/No radio buttons. */
export function QuestionField({
  question,
  value,
  onChange,
  error,
}: {
  question: TVisitorQuestion;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const legendId = useId();
  const errorId = useId();
  if (question.type === 'text') {
    return (
      <KioskTextField
        label={question.label}
        required={question.required}
        maxLength={1000}
        value={value}
        onChange={onChange}
        error={error}
      />
    );
  }
  return (
    <fieldset
      className="field kiosk-choice"
      role="radiogroup"
      aria-labelledby={legendId}
      aria-required={question.required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>
        <FieldLabel id={legendId} required={question.required}>
          {question.label}
        </FieldLabel>
      </legend>
      <div className="kiosk-choice-options">
        {YES_NO.map((answer) => (
          <label key={answer} className="kiosk-choice-option">
            <input
              type="radio"
              name={question._id}
              value={answer}
              checked={value === answer}
              onChange={() => onChange(answer)}
            />
            {answer}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** The site rules in a box of their own (read by scrolling) and the box to tick for them. */
export function SiteRules({
  rules,
  accepted,
  onChange,
  error,
}: {
  rules: string;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  error?: string;
}) {
  const headingId = useId();
  const errorId = useId();
  return (
    <section className="kiosk-rules" aria-labelledby={headingId}>
      <h3 id={headingId} className="field-label">
        Site rules
      </h3>
      {/* Focusable so a keyboard can scroll long rules. */}
      <div className="kiosk-rules-text" tabIndex={0} role="region" aria-labelledby={headingId}>
        {rules}
      </div>
      <label className="kiosk-check">
        <input
          type="checkbox"
          checked={accepted}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        I have read and accept the site rules
      </label>
      <FieldError id={errorId} message={error} />
    </section>
  );
}

/**
 * One document in a dialog of the kiosk's page: an image or a PDF in the product's preview (pdf.js,
 * as everywhere else: no browser PDF viewer in a frame), any other file offered as a download.
 */
function KioskDocumentDialog({
  authtoken,
  document,
  onClose,
  onFailure,
}: {
  authtoken: string;
  document: TKioskSetup['documents'][number];
  onClose: () => void;
  onFailure: (error: unknown) => void;
}) {
  const url = kioskDocumentUrl(authtoken, document._id);
  const download = () =>
    void downloadFile(url, document.name).catch((error: unknown) => {
      onFailure(error);
      notifyError(error);
    });
  return (
    <Dialog
      title={document.name}
      className="file-preview"
      onClose={onClose}
      footer={
        <Button size="lg" onClick={onClose}>
          Back to sign-in
        </Button>
      }
    >
      {previewKind(document.name) ? (
        <FilePreview file={{ name: document.name, url }} onDownload={download} onFetchError={onFailure} />
      ) : (
        <p className="file-preview-download">
          <Button size="lg" icon={<Download size={20} aria-hidden="true" />} onClick={download}>
            Download {document.name}
          </Button>
        </p>
      )}
    </Dialog>
  );
}

/** The setup's documents, each read in a dialog of the kiosk's page. */
export function KioskDocuments({
  authtoken,
  documents,
  onFailure,
}: {
  authtoken: string;
  documents: TKioskSetup['documents'];
  onFailure: (error: unknown) => void;
}) {
  const headingId = useId();
  const [reading, setReading] = useState<TKioskSetup['documents'][number] | null>(null);
  if (documents.length === 0) return null;
  return (
    <section className="kiosk-documents" aria-labelledby={headingId}>
      <h3 id={headingId} className="field-label">
        Documents
      </h3>
      <ul>
        {documents.map((document) => (
          <li key={document._id}>
            <Button
              size="lg"
              icon={<FileText size={20} aria-hidden="true" />}
              onClick={() => setReading(document)}
            >
              {document.name}
            </Button>
          </li>
        ))}
      </ul>
      {reading && (
        <KioskDocumentDialog
          authtoken={authtoken}
          document={reading}
          onClose={() => setReading(null)}
          onFailure={onFailure}
        />
      )}
    </section>
  );
}

/** The visitor's signature, drawn with a finger on the kiosk's screen. */
export function SignatureField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    // The canvas is a picture, not a control: the group carries the invalid state, and takes the focus
    // (tabIndex -1) when the missing signature is the first thing to mend.
    <div
      className="field"
      role="group"
      tabIndex={-1}
      aria-labelledby={labelId}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <FieldLabel id={labelId} required>
        Signature
      </FieldLabel>
      <DrawingCanvas
        id={`${labelId}-canvas`}
        label="Signature"
        value={value}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        onChange={onChange}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * The visitor's photo from the device's front camera (or a file on a desktop), compressed before
 * upload, with a preview.
 */
export function PhotoInput({
  photo,
  onChange,
  error,
}: {
  photo: File | null;
  onChange: (photo: File | null) => void;
  error?: string;
}) {
  const [working, setWorking] = useState(false);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  // Released when the photo is replaced or the form goes (the kiosk's next visitor).
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <FormField label="Photo" required error={error}>
      {(control) => (
        <div className="kiosk-photo">
          <label className="btn btn-secondary btn-lg kiosk-photo-button" aria-busy={working || undefined}>
            <Camera size={22} aria-hidden="true" />
            {photo ? 'Take another photo' : 'Take a photo'}
            <input
              {...control}
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="user"
              aria-required
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                setWorking(true);
                void compressImage(file)
                  .then(onChange)
                  .finally(() => setWorking(false));
              }}
            />
          </label>
          {preview && <img className="kiosk-photo-preview" src={preview} alt="Your photo" />}
        </div>
      )}
    </FormField>
  );
}
