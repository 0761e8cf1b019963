import { performanceReviewMessages as say } from '@compass/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  emptyObjective,
  objectiveProblems,
  ObjectivesEditor,
  objectivesRequest,
  type ObjectiveDraft,
} from './ObjectivesEditor';
import { RatingInput } from './RatingInput';
import { ReviewStepper } from './ReviewStepper';

function Rating() {
  const [value, setValue] = useState<number | null>(null);
  return <RatingInput label="Your rating of Safety" value={value} onChange={setValue} />;
}

describe('the rating control', () => {
  it('is one radio group, chosen by click or with the arrow keys, the chosen word beside it', async () => {
    render(<Rating />);
    const user = userEvent.setup();
    const group = screen.getByRole('radiogroup', { name: 'Your rating of Safety' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByText('Not rated')).toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: '3 Meets expectations' }));
    expect(screen.getByText('Meets expectations')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 Exceeds expectations' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '4 Exceeds expectations' })).toHaveFocus();
    expect(screen.getByText('Exceeds expectations')).toBeInTheDocument();
  });
});

function Editor({ start }: { start: ObjectiveDraft[] }) {
  const [objectives, setObjectives] = useState(start);
  return (
    <>
      <ObjectivesEditor objectives={objectives} onChange={setObjectives} errors={{}} />
      <pre data-testid="request">{JSON.stringify(objectivesRequest(objectives))}</pre>
    </>
  );
}
const sent = () => JSON.parse(screen.getByTestId('request').textContent!) as unknown[];

describe('the objectives editor', () => {
  it('keeps the weights’ total in view, adds with what is left, moves and removes', async () => {
    render(<Editor start={[{ ...emptyObjective('60'), title: 'Safety' }]} />);
    const user = userEvent.setup();
    const total = screen.getByRole('status');
    expect(total).toHaveTextContent('Total 60% of 100%');
    expect(screen.getByRole('button', { name: 'Remove Safety' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add objective' }));
    expect(screen.getByLabelText('Objective 2')).toHaveValue('');
    expect(total).toHaveTextContent('Total 100% of 100%');
    await user.type(screen.getByLabelText('Objective 2'), 'Customer focus');
    await user.click(screen.getByRole('button', { name: 'Move Customer focus up' }));
    expect(sent()).toEqual([
      { title: 'Customer focus', description: null, weight: 40 },
      { title: 'Safety', description: null, weight: 60 },
    ]);
    const weights = screen.getAllByLabelText('Weight (%)');
    await user.clear(weights[0]!);
    await user.type(weights[0]!, '30');
    expect(total).toHaveTextContent('Total 90% of 100%');
    await user.click(screen.getByRole('button', { name: 'Remove Customer focus' }));
    expect(sent()).toEqual([{ title: 'Safety', description: null, weight: 60 }]);
  });

  it('names each problem before anything is sent, in the server’s words', () => {
    expect(
      objectiveProblems([
        { ...emptyObjective('70'), title: 'Safety' },
        { ...emptyObjective('2.5'), title: ' ' },
      ]),
    ).toEqual({ 'objectives.1.title': say.objectiveTitleRequired, 'objectives.1.weight': say.weightRange });
    expect(objectiveProblems([{ ...emptyObjective('70'), title: 'Safety' }])).toEqual({
      objectives: say.weightsTotal,
    });
    expect(objectiveProblems([{ ...emptyObjective('100'), title: 'Safety' }])).toEqual({});
    expect(objectiveProblems([])).toEqual({ objectives: say.objectivesCount });
  });
});

describe('the steps of a review', () => {
  it('marks the open step and the ones done', () => {
    render(<ReviewStepper status="signOff" />);
    const steps = within(screen.getByRole('list', { name: 'Steps of the review' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Self-assessment (done)',
      'Manager assessment (done)',
      '3Sign-off',
      '4Completed',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
  });
});
