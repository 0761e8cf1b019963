import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Segmented, TabPanel, Tabs } from './Tabs';

type View = 'list' | 'matrix' | 'chart';
const VIEWS = [
  { value: 'list', label: 'List' },
  { value: 'matrix', label: 'Matrix', disabled: true },
  { value: 'chart', label: 'Chart' },
] as const;

function TabbedViews() {
  const [view, setView] = useState<View>('list');
  return (
    <>
      <Tabs label="View" idBase="views" options={VIEWS} current={view} onChange={setView} />
      {VIEWS.map((option) => (
        <TabPanel key={option.value} idBase="views" value={option.value} current={view}>
          {option.label} panel
        </TabPanel>
      ))}
    </>
  );
}

describe('Tabs', () => {
  it('marks the chosen tab, ties each tab to its panel and shows only the chosen panel', async () => {
    render(<TabbedViews />);
    expect(screen.getByRole('tablist', { name: 'View' })).toBeInTheDocument();
    const list = screen.getByRole('tab', { name: 'List' });
    expect(list).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'List' })).toHaveTextContent('List panel');
    expect(list).toHaveAttribute('aria-controls', screen.getByRole('tabpanel').id);
    expect(screen.queryByText('Chart panel')).not.toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Chart' }));
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Chart' })).toHaveTextContent('Chart panel');
  });

  it('is one Tab stop whose arrow keys, Home and End choose and focus the enabled tabs', async () => {
    render(<TabbedViews />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'List' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveAttribute('tabindex', '-1');

    // The disabled Matrix is skipped.
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'List' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Matrix' })).toBeDisabled();
  });
});

describe('Segmented', () => {
  it('is a named group of toggle buttons of which the chosen one is pressed', async () => {
    function Shown() {
      const [state, setState] = useState<'toRead' | 'read'>('toRead');
      return (
        <Segmented
          label="Show"
          options={[
            { value: 'toRead', label: 'To read' },
            { value: 'read', label: 'Read' },
          ]}
          current={state}
          onChange={setState}
        />
      );
    }
    render(<Shown />);
    expect(screen.getByRole('group', { name: 'Show' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'To read' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect(screen.getByRole('button', { name: 'Read' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'To read' })).toHaveAttribute('aria-pressed', 'false');
  });
});
