import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderField } from './testing';

// jsdom lays nothing out, and ranges there have no rectangles; ProseMirror asks for them when
// it scrolls the selection into view.
beforeAll(() => {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterAll(() => {
  delete (Range.prototype as Partial<Range>).getClientRects;
  delete (Range.prototype as Partial<Range>).getBoundingClientRect;
});

const TEMPLATE = '<p>Walk the whole area with the checklist.</p>';

describe('contentEditor field', () => {
  it("starts from the template's text, with a fixed formatting toolbar", () => {
    renderField('contentEditor', {
      field: { level: 'Instructions', contentEditor: TEMPLATE, isMandatory: 'yes' },
    });
    const editor = screen.getByRole('textbox', { name: /Instructions/ });
    expect(editor).toHaveTextContent('Walk the whole area with the checklist.');
    expect(editor).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the stored HTML rather than the template text', () => {
    renderField('contentEditor', {
      field: { contentEditor: TEMPLATE },
      value: '<p>Our <strong>own</strong> notes</p>',
    });
    const editor = screen.getByRole('textbox');
    expect(editor).toHaveTextContent('Our own notes');
    expect(editor.querySelector('strong')).toHaveTextContent('own');
  });

  it('reports the HTML after a formatting command', async () => {
    const { user, onChange } = renderField('contentEditor', { value: '<p>Check</p>' });
    screen.getByRole('textbox').focus();
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>Check</p></li></ul>'));
  });

  it('read-only shows the text without a toolbar and cannot be edited', () => {
    renderField('contentEditor', {
      value: '<p>Read me</p>',
      readOnly: true,
      field: { level: 'Instructions' },
    });
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    const body = screen.getByRole('document', { name: 'Instructions' });
    expect(body).toHaveTextContent('Read me');
    expect(body).toHaveAttribute('contenteditable', 'false');
  });

  it('never renders markup outside the editor schema', () => {
    renderField('contentEditor', {
      value: '<p>Hi<img src=x onerror="window.__x=1"></p><script>window.__y=1</script>',
      readOnly: true,
    });
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
  });
});
