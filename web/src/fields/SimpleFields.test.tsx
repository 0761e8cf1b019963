import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderField } from './testing';
import { TIME_OPTIONS } from './widgets/TimeSelect';

describe('text field', () => {
  it('shows its value and reports what is typed', async () => {
    const { user, onChange } = renderField('text', { value: 'Forklift', field: { level: 'Equipment' } });
    const input = screen.getByLabelText('Equipment');
    expect(input).toHaveValue('Forklift');
    await user.type(input, ' 2');
    expect(onChange).toHaveBeenLastCalledWith('Forklift 2');
  });

  it('marks a mandatory field with an asterisk and aria-required', () => {
    renderField('text', { field: { level: 'Equipment', isMandatory: 'yes' } });
    expect(screen.getByTestId('mandatory')).toHaveTextContent('*');
    expect(screen.getByRole('textbox', { name: 'Equipment' })).toHaveAttribute('aria-required', 'true');
  });

  it('has no asterisk when the field is optional', () => {
    renderField('text', { field: { level: 'Equipment', isMandatory: 'no' } });
    expect(screen.queryByTestId('mandatory')).not.toBeInTheDocument();
  });

  it('shows the error under the field and ties it to the input', () => {
    renderField('text', { field: { level: 'Equipment' }, error: 'Please complete mandatory field/s' });
    const input = screen.getByRole('textbox', { name: 'Equipment' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please complete mandatory field/s');
  });

  it('read-only shows the text without an input', () => {
    renderField('text', { value: 'Forklift', readOnly: true, field: { level: 'Equipment' } });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('Forklift')).toBeInTheDocument();
  });
});

describe('number field', () => {
  it('keeps the decimal text', async () => {
    const { user, onChange } = renderField('number', { field: { level: 'Staff on Site' } });
    await user.type(screen.getByRole('spinbutton', { name: 'Staff on Site' }), '12.5');
    expect(onChange).toHaveBeenLastCalledWith('12.5');
  });
});

describe('textarea field', () => {
  it('reports what is typed and is read-only on the view screen', async () => {
    const first = renderField('textarea', { field: { level: 'Notes' } });
    await first.user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Line one');
    expect(first.onChange).toHaveBeenLastCalledWith('Line one');
    first.unmount();
    renderField('textarea', { field: { level: 'Notes' }, value: 'Kept', readOnly: true });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('Kept')).toBeInTheDocument();
  });
});

describe('date field', () => {
  it('shows dd/MM/yyyy and sends yyyy-MM-dd', async () => {
    const { user, onChange } = renderField('date', {
      value: '2026-03-05',
      field: { level: 'Incident Date' },
    });
    const input = screen.getByRole('textbox', { name: 'Incident Date' });
    expect(input).toHaveValue('05/03/2026');
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    await user.type(input, '28/02/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-02-28');
  });

  it('ignores a date that does not exist and shows the value again on leaving', async () => {
    const { user, onChange } = renderField('date', {
      value: '2026-03-05',
      field: { level: 'Incident Date' },
    });
    const input = screen.getByRole('textbox', { name: 'Incident Date' });
    await user.clear(input);
    await user.type(input, '31/02/2026');
    expect(onChange).not.toHaveBeenCalledWith('2026-02-31');
    await user.tab();
    expect(input).toHaveValue('');
  });

  it('read-only shows dd/MM/yyyy', () => {
    renderField('date', { value: '2026-12-24', readOnly: true });
    expect(screen.getByText('24/12/2026')).toBeInTheDocument();
  });
});

describe('time field', () => {
  it('offers HH:mm in 15-minute steps', async () => {
    const { user, onChange } = renderField('time', { field: { level: 'Time of Incident' } });
    const select = screen.getByRole('combobox', { name: 'Time of Incident' });
    const values = within(select)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value)
      .filter(Boolean);
    expect(values).toHaveLength(96);
    expect(values.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(values.at(-1)).toBe('23:45');
    await user.selectOptions(select, '09:15');
    expect(onChange).toHaveBeenLastCalledWith('09:15');
  });

  it('keeps a stored time that is off the step', () => {
    renderField('time', { value: '09:10', field: { level: 'Time of Incident' } });
    expect(screen.getByRole('combobox', { name: 'Time of Incident' })).toHaveValue('09:10');
    expect(TIME_OPTIONS).not.toContain('09:10');
  });
});

describe('weblink field', () => {
  it("shows the template's link and records a URL", async () => {
    const { user, onChange } = renderField('weblink', {
      field: { level: 'Procedure', webLink: 'https://intranet.example/procedure' },
    });
    const link = screen.getByRole('link', { name: /intranet\.example\/procedure/ });
    expect(link).toHaveAttribute('href', 'https://intranet.example/procedure');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await user.type(screen.getByRole('textbox', { name: 'Procedure' }), 'https://a.example');
    expect(onChange).toHaveBeenLastCalledWith('https://a.example');
  });

  it('read-only never turns a script URL into a link', () => {
    renderField('weblink', { value: 'javascript:alert(1)', readOnly: true });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  });
});
