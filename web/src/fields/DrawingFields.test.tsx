import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drawStroke, renderField } from './testing';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/**
 * jsdom has no canvas: a 2D context whose drawing calls do nothing stands in for it, so the
 * tests check the buttons and the value, not the pixels.
 */
beforeEach(() => {
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, property) => (property in target ? target[property] : (target[property] = vi.fn())),
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});

describe('signature field', () => {
  it('starts empty with Undo and Clear disabled', () => {
    renderField('signature', { field: { level: 'Reporter Signature' } });
    expect(screen.getByRole('img', { name: 'Reporter Signature: draw here' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('a stroke saves the PNG; Undo takes it back to empty', async () => {
    const { user, onChange } = renderField('signature', { field: { level: 'Reporter Signature' } });
    drawStroke(screen.getByRole('img', { name: 'Reporter Signature: draw here' }));
    expect(onChange).toHaveBeenLastCalledWith(PNG);
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toBeEnabled();
    await user.click(undo);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
    expect(undo).toBeDisabled();
  });

  it('Clear removes a stored signature', async () => {
    const { user, onChange } = renderField('signature', {
      value: PNG,
      field: { level: 'Reporter Signature' },
    });
    const clear = screen.getByRole('button', { name: 'Clear' });
    expect(clear).toBeEnabled();
    await user.click(clear);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
    expect(clear).toBeDisabled();
  });

  it('the buttons are reachable by keyboard', async () => {
    const { user } = renderField('signature', { value: PNG, field: { level: 'Reporter Signature' } });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();
  });

  it('shows the error under the canvas', () => {
    renderField('signature', { field: { level: 'Reporter Signature' }, error: 'Please sign' });
    expect(screen.getByRole('img', { name: 'Reporter Signature: draw here' })).toHaveAccessibleDescription(
      'Please sign',
    );
  });

  it('read-only shows the image, without a canvas or buttons', () => {
    renderField('signature', { value: PNG, readOnly: true, field: { level: 'Reporter Signature' } });
    expect(screen.getByRole('img', { name: 'Reporter Signature' })).toHaveAttribute('src', PNG);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('diagram field', () => {
  it('draws and clears like the signature', async () => {
    const { user, onChange } = renderField('diagram', { field: { level: 'Site Layout' } });
    drawStroke(screen.getByRole('img', { name: 'Site Layout: draw here' }));
    expect(onChange).toHaveBeenLastCalledWith(PNG);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
  });

  it('read-only with nothing drawn shows a dash', () => {
    renderField('diagram', { readOnly: true, field: { level: 'Site Layout' } });
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
