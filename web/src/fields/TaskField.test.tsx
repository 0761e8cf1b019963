import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TaskFieldState } from './props';
import { FIELD_ID, referencesFixture, renderField } from './testing';
import type { SubmissionTask } from './types';

function task(over: Partial<SubmissionTask>): SubmissionTask {
  return {
    _id: '1',
    id: 1,
    investigatorName: '',
    assignedOn: '2026-03-01',
    completedOn: null,
    response: null,
    attachment: [],
    version: 1,
    instruction: 'Fix the guard rail',
    investigator: 'e1',
    actionType: 'internal',
    due: '2026-03-05',
    complete: false,
    taskDueDateType: 'nodue',
    relatedFormId: FIELD_ID,
    ...over,
  };
}

const references = referencesFixture({
  employee: { all: [{ _id: 'e1', name: 'Ava Employee' }], active: [] },
  personnel: { all: [{ _id: 'p1', name: 'Pat Contractor' }], active: [] },
});

function tasksOf(items: SubmissionTask[]): TaskFieldState & Required<Omit<TaskFieldState, 'items'>> {
  return { items, onAdd: vi.fn(), onEdit: vi.fn(), onView: vi.fn(), onDelete: vi.fn() };
}

describe('task field (Action List)', () => {
  it("lists the field's actions with assignee, due date and due marker", () => {
    const tasks = tasksOf([
      task({ _id: '1', taskDueDateType: 'nodue' }),
      task({ _id: '2', actionType: 'external', investigator: 'p1', taskDueDateType: 'due' }),
      task({ _id: '3', taskDueDateType: 'overdue' }),
      task({ _id: '4', relatedFormId: 'another-field' }),
    ]);
    renderField('task', { field: { level: 'Action List' }, references, tasks });
    const rows = within(screen.getByRole('table', { name: 'Action List' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Ava Employee (Internal)');
    expect(rows[0]).toHaveTextContent('05/03/2026');
    expect(rows[1]).toHaveTextContent('Pat Contractor (External)');
    expect(rows.map((row) => row.querySelector('[data-due]')?.getAttribute('data-due'))).toEqual([
      'nodue',
      'due',
      'overdue',
    ]);
  });

  it('open actions can be viewed, edited and deleted; completed ones only viewed', async () => {
    const open = task({ _id: '1' });
    const done = task({ _id: '2', complete: true });
    const tasks = tasksOf([open, done]);
    const { user } = renderField('task', { references, tasks });
    await user.click(screen.getByRole('button', { name: 'Edit action 1' }));
    expect(tasks.onEdit).toHaveBeenCalledWith(open);
    await user.click(screen.getByRole('button', { name: 'Delete action 1' }));
    expect(tasks.onDelete).toHaveBeenCalledWith(open);
    await user.click(screen.getByRole('button', { name: 'View action 2' }));
    expect(tasks.onView).toHaveBeenCalledWith(done);
    expect(screen.queryByRole('button', { name: 'Edit action 2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete action 2' })).not.toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
  });

  it('Add Action opens the dialog for this field', async () => {
    const tasks = tasksOf([]);
    const { user } = renderField('task', { references, tasks });
    expect(screen.getByText('No actions yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Action' }));
    expect(tasks.onAdd).toHaveBeenCalledWith(FIELD_ID);
  });

  it('read-only offers View only', () => {
    renderField('task', { references, tasks: tasksOf([task({ _id: '1' })]), readOnly: true });
    expect(screen.getByRole('button', { name: 'View action 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit action 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete action 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Action' })).not.toBeInTheDocument();
  });
});
