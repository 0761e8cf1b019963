import type { TRelatedLists } from '@compass/shared';
import { describe, expect, it } from 'vitest';
import { referencesFromRelatedLists } from './references';
import { testId } from '../../test/helpers';

const id = testId;
const person = (n: number, isActive: boolean) => ({
  _id: id(n),
  firstName: `First${n}`,
  lastName: `Last${n}`,
  isActive,
});
const record = (n: number, isActive: boolean) => ({ _id: id(n), name: `Record ${n}`, isActive });

const lists: TRelatedLists = {
  formTemplate: [],
  listPlan: [record(1, true), record(2, false)],
  activePlantList: [record(1, true)],
  listRisk: {
    allRiskList: [
      { ...record(3, true), colour: 'red' },
      { ...record(4, false), colour: null },
    ],
    masterRiskList: [],
  },
  listSupplier: [record(5, true)],
  activeSupplierList: [record(5, true)],
  listEmployee: [person(6, true), person(7, false)],
  activeEmployeeList: [person(6, true)],
  activePersonnelList: [person(8, true)],
  allPersonnelList: [person(8, true)],
  workplace: [],
  submissionList: [{ _id: id(9), name: 'FS 1042 Incident Report: Slip' }],
};

describe('referencesFromRelatedLists', () => {
  it('offers the active lists and names from the full ones', () => {
    const references = referencesFromRelatedLists(lists);
    expect(references.employee.all.map((o) => o.name)).toEqual(['First6 Last6', 'First7 Last7']);
    expect(references.employee.active.map((o) => o.name)).toEqual(['First6 Last6']);
    expect(references.asset.active.map((o) => o._id)).toEqual([id(1)]);
    expect(references.risk.active.map((o) => o._id)).toEqual([id(3)]);
    expect(references.risk.all).toHaveLength(2);
    expect(references.personnel.active.map((o) => o.name)).toEqual(['First8 Last8']);
    expect(references.submission.active.map((o) => o.name)).toEqual(['FS 1042 Incident Report: Slip']);
  });

  it('searches the long lists on the server, assets among them; the short ones come whole', () => {
    const searched = (kind: string) => ({
      key: [kind],
      search: async () => ({ options: [], hasMore: false }),
      remember: () => {},
    });
    const references = referencesFromRelatedLists(lists, { searched });
    expect(references.asset.searched?.key).toEqual(['asset']);
    expect(references.risk.searched?.key).toEqual(['risk']);
    expect(references.supplier.searched).toBeUndefined();
  });

  it('the read-only supplier view uses the full lists', () => {
    const references = referencesFromRelatedLists(lists, { fullListsOnly: true });
    expect(references.employee.active).toHaveLength(2);
    expect(references.asset.active).toHaveLength(2);
  });
});
