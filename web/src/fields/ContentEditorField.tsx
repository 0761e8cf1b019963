import { useState } from 'react';
import { FieldFrame, useFieldIds } from './FieldFrame';
import type { FieldProps } from './props';
import { RichTextEditor } from './widgets/RichTextEditor';

/**
 * Rich text. An empty value starts from the template's own text (contentEditor), so the
 * instructions a template carries show until the user writes their own; once the user has
 * edited, an emptied editor stays empty.
 */
export function ContentEditorField({ field, value, onChange, readOnly, error }: FieldProps<'contentEditor'>) {
  const ids = useFieldIds(field, error);
  const [edited, setEdited] = useState(false);
  const shown = edited ? value : value || field.contentEditor || '';
  return (
    <FieldFrame field={field} ids={ids} error={error} as="text">
      <RichTextEditor
        id={ids.inputId}
        labelledBy={ids.labelId}
        value={shown}
        onChange={(html) => {
          setEdited(true);
          onChange(html);
        }}
        readOnly={readOnly}
        invalid={ids.invalid}
        describedBy={ids.describedBy}
        required={ids.required}
      />
    </FieldFrame>
  );
}
