import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { referencesFixture, renderField } from './testing';

const OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'na', label: 'N/A' },
];

describe('radio field', () => {
  it('is a labelled group that reports the chosen value', async () => {
    const { user, onChange } = renderField('radio', {
      field: { level: 'Exits Clear', optionVal: OPTIONS, isMandatory: 'yes' },
    });
    const group = screen.getByRole('group', { name: /Exits Clear/ });
    await user.click(within(group).getByRole('radio', { name: 'No' }));
    expect(onChange).toHaveBeenLastCalledWith('no');
    expect(within(group).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.getByTestId('mandatory')).toBeInTheDocument();
  });

  it('read-only shows the label of the stored value', () => {
    renderField('radio', { field: { optionVal: OPTIONS }, value: 'na', readOnly: true });
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});

describe('select field', () => {
  it("starts at 'Select One' and reports the chosen value", async () => {
    const { user, onChange } = renderField('select', { field: { level: 'Standard', optionVal: OPTIONS } });
    const select = screen.getByRole('combobox', { name: 'Standard' });
    expect(select).toHaveDisplayValue('Select One');
    await user.selectOptions(select, 'Yes');
    expect(onChange).toHaveBeenLastCalledWith('yes');
  });
});

describe('checkbox field', () => {
  it("keeps the template's order whatever the order of ticking", async () => {
    const { user, onChange } = renderField('checkbox', { field: { level: 'Checks', optionVal: OPTIONS } });
    await user.click(screen.getByRole('checkbox', { name: 'N/A' }));
    await user.click(screen.getByRole('checkbox', { name: 'Yes' }));
    expect(onChange).toHaveBeenLastCalledWith(['yes', 'na']);
    await user.click(screen.getByRole('checkbox', { name: 'N/A' }));
    expect(onChange).toHaveBeenLastCalledWith(['yes']);
  });

  it('read-only lists the labels', () => {
    renderField('checkbox', { field: { optionVal: OPTIONS }, value: ['yes', 'no'], readOnly: true });
    expect(screen.getByText('Yes, No')).toBeInTheDocument();
  });
});

describe('items field', () => {
  const itemList = [
    { _id: '10000000-0000-4000-8000-000000000001', name: 'Loading Dock' },
    { _id: '10000000-0000-4000-8000-000000000002', name: 'Racking' },
    { _id: '10000000-0000-4000-8000-000000000003', name: 'Workshop' },
  ];

  it("selects all items with 'Select All' and removes one by its chip", async () => {
    const { user, onChange } = renderField('items', { field: { level: 'Areas', itemList } });
    const trigger = screen.getByRole('button', { name: 'Areas Select One' });
    await user.click(trigger);
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(onChange).toHaveBeenLastCalledWith([
      '10000000-0000-4000-8000-000000000001',
      '10000000-0000-4000-8000-000000000002',
      '10000000-0000-4000-8000-000000000003',
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove Racking' }));
    expect(onChange).toHaveBeenLastCalledWith([
      '10000000-0000-4000-8000-000000000001',
      '10000000-0000-4000-8000-000000000003',
    ]);
  });
});

describe('reference fields (employee, asset, risk, supplier, submission)', () => {
  const employees = {
    all: [
      { _id: 'e1', name: 'Ava Active' },
      { _id: 'e2', name: 'Ben Active' },
      { _id: 'e3', name: 'Ivy Inactive' },
    ],
    active: [
      { _id: 'e1', name: 'Ava Active' },
      { _id: 'e2', name: 'Ben Active' },
    ],
  };

  it('offers only active records while a stored inactive one still shows by name', async () => {
    const { user } = renderField('employee', {
      field: { level: 'Inspected By' },
      value: ['e3'],
      references: referencesFixture({ employee: employees }),
    });
    expect(
      within(screen.getByRole('list', { name: 'Selected' })).getByText('Ivy Inactive'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Inspected By 1 selected' }));
    const offered = screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent);
    expect(offered).toEqual(['Select All', 'Ava Active', 'Ben Active']);
  });

  it('Select All adds every active record and keeps the stored inactive one', async () => {
    const { user, onChange } = renderField('employee', {
      field: { level: 'Inspected By' },
      value: ['e3'],
      references: referencesFixture({ employee: employees }),
    });
    await user.click(screen.getByRole('button', { name: /Inspected By/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(onChange).toHaveBeenLastCalledWith(['e3', 'e1', 'e2']);
    expect(screen.getByRole('checkbox', { name: 'Select All' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(onChange).toHaveBeenLastCalledWith(['e3']);
  });

  it('searches the offered records; Select All then takes only the matches', async () => {
    const { user, onChange } = renderField('asset', {
      field: { level: 'Plant' },
      references: referencesFixture({
        asset: {
          all: [],
          active: [
            { _id: 'a1', name: 'Forklift 1' },
            { _id: 'a2', name: 'Forklift 2' },
            { _id: 'a3', name: 'Scissor Lift' },
          ],
        },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Plant Select One' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'fork');
    expect(screen.queryByRole('checkbox', { name: 'Scissor Lift' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(onChange).toHaveBeenLastCalledWith(['a1', 'a2']);
  });

  it('closes with Escape and gives focus back to the button', async () => {
    const { user } = renderField('risk', {
      field: { level: 'Risks' },
      references: referencesFixture({ risk: { all: [], active: [{ _id: 'r1', name: 'Slips' }] } }),
    });
    const trigger = screen.getByRole('button', { name: 'Risks Select One' });
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('read-only names every stored record from the full list', () => {
    renderField('supplier', {
      value: ['s1', 's2'],
      readOnly: true,
      references: referencesFixture({
        supplier: {
          all: [
            { _id: 's1', name: 'Acme Cleaning' },
            { _id: 's2', name: 'Old Supplier' },
          ],
          active: [{ _id: 's1', name: 'Acme Cleaning' }],
        },
      }),
    });
    expect(screen.getByText('Acme Cleaning, Old Supplier')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('typeGroupings field', () => {
  const optionVal = [
    { category: 'Injury', subCategories: ['Cut', 'Burn', 'Sprain'] },
    { category: 'Property', subCategories: ['Vehicle', 'Building'] },
  ];

  it("picks a category ('Select One') then sub-categories ('Sub Category', 'Select All')", async () => {
    const { user, onChange } = renderField('typeGroupings', { field: { level: 'Incident Type', optionVal } });
    const category = screen.getByRole('combobox', { name: 'Incident Type' });
    expect(category).toHaveDisplayValue('Select One');
    const sub = screen.getByRole('button', { name: /Sub Category/ });
    expect(sub).toBeDisabled();
    await user.selectOptions(category, 'Injury');
    expect(onChange).toHaveBeenLastCalledWith({ category: 'Injury', subCategories: [] });
    await user.click(screen.getByRole('button', { name: /Sub Category/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(onChange).toHaveBeenLastCalledWith({
      category: 'Injury',
      subCategories: ['Cut', 'Burn', 'Sprain'],
    });
  });

  it('a new category clears the sub-categories of the old one', async () => {
    const { user, onChange } = renderField('typeGroupings', {
      field: { level: 'Incident Type', optionVal },
      value: { category: 'Injury', subCategories: ['Cut'] },
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Incident Type' }), 'Property');
    expect(onChange).toHaveBeenLastCalledWith({ category: 'Property', subCategories: [] });
  });

  it('read-only shows the category and its sub-categories', () => {
    renderField('typeGroupings', {
      field: { optionVal },
      value: { category: 'Injury', subCategories: ['Cut', 'Burn'] },
      readOnly: true,
    });
    expect(screen.getByText('Injury: Cut, Burn')).toBeInTheDocument();
  });
});
