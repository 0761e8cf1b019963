import { describe, expect, it } from 'vitest';
import { ACCESS_KEYS, type AccessKey, type AccessMap } from './access';
import { isMenuItemVisible, MENU, visibleMenu, type MenuItem, type MenuViewer } from './menu';

function access(overrides: Partial<AccessMap> = {}, base: 'yes' | 'no' = 'yes'): AccessMap {
  const map = Object.fromEntries(ACCESS_KEYS.map((key) => [key, base])) as Record<AccessKey, 'yes' | 'no'>;
  return { ...map, supplierPortal: 'no', supplierAccess: 'no', ...overrides };
}

const EMPLOYEE: MenuViewer = { userType: 'employee', employeeId: 'emp-1', access: access() };
const SUPPLIER: MenuViewer = {
  userType: 'supplier',
  employeeId: null,
  access: access({ supplierAccess: 'yes' }, 'no'),
};

function ids(items: MenuItem[]): string[] {
  return items.flatMap((item) => [item.id, ...ids(item.children ?? [])]);
}

function find(id: string, items: MenuItem[] = MENU): MenuItem {
  for (const item of items) {
    if (item.id === id) return item;
    const child = item.children ? findOrNull(id, item.children) : null;
    if (child) return child;
  }
  throw new Error(`no menu item ${id}`);
}

function findOrNull(id: string, items: MenuItem[]): MenuItem | null {
  try {
    return find(id, items);
  } catch {
    return null;
  }
}

describe('MENU', () => {
  it('lists the groups of 000 section 2.6 in order', () => {
    expect(MENU.map((item) => item.label)).toEqual([
      'Home',
      'Noticeboard',
      'Quick Add',
      'Form Submission',
      'Audit Inspection',
      'Documents',
      'Action Register',
      'Reminders',
      'Human Resources',
      'Assets',
      'External Parties',
      'External Parties portal',
      'Risk Management',
      'Hazardous Substances',
      'Obligations',
      'Reports & Charts',
      'Vismate',
      'TimeSheet',
      'System Administration',
      'Help Centre',
    ]);
  });

  it('has unique ids', () => {
    const all = ids(MENU);
    expect(new Set(all).size).toBe(all.length);
  });

  it('marks the Help Centre as an external link', () => {
    expect(find('helpCentre')).toMatchObject({ external: true });
    expect(find('helpCentre').path).toMatch(/^https:\/\//);
  });
});

describe('isMenuItemVisible: access keys', () => {
  it('shows an item without access keys to everyone', () => {
    expect(isMenuItemVisible(find('home'), SUPPLIER)).toBe(true);
    expect(isMenuItemVisible(find('noticeboard'), { ...EMPLOYEE, access: access({}, 'no') })).toBe(true);
  });

  it("hides an item whose key is 'no' and shows it when 'yes'", () => {
    expect(isMenuItemVisible(find('risk'), { ...EMPLOYEE, access: access({ risk: 'no' }) })).toBe(false);
    expect(isMenuItemVisible(find('risk'), EMPLOYEE)).toBe(true);
  });

  it("needs every key of an array to be 'yes'", () => {
    const item = find('quickAddAudit');
    expect(item.access).toEqual(['audit', 'auditManageAudit']);
    expect(isMenuItemVisible(item, EMPLOYEE)).toBe(true);
    expect(isMenuItemVisible(item, { ...EMPLOYEE, access: access({ audit: 'no' }) })).toBe(false);
    expect(isMenuItemVisible(item, { ...EMPLOYEE, access: access({ auditManageAudit: 'no' }) })).toBe(false);
  });

  it('works for custom items with several keys', () => {
    const item: MenuItem = { id: 'x', label: 'X', path: '/x', access: ['risk', 'hazardous', 'obligation'] };
    expect(isMenuItemVisible(item, EMPLOYEE)).toBe(true);
    expect(isMenuItemVisible(item, { ...EMPLOYEE, access: access({ obligation: 'no' }) })).toBe(false);
  });
});

describe('isMenuItemVisible: exceptions of 000 section 6', () => {
  it('always shows New Submission (and its group) to suppliers, whatever their keys', () => {
    expect(isMenuItemVisible(find('newSubmission'), SUPPLIER)).toBe(true);
    expect(isMenuItemVisible(find('formSubmission'), SUPPLIER)).toBe(true);
    expect(isMenuItemVisible(find('quickAddForm'), SUPPLIER)).toBe(true);
  });

  it('does not extend the New Submission exception to employees or company users', () => {
    const noForms = access({ formSubmissionNewSubmission: 'no' });
    expect(isMenuItemVisible(find('newSubmission'), { ...EMPLOYEE, access: noForms })).toBe(false);
    expect(
      isMenuItemVisible(find('newSubmission'), { userType: 'company', employeeId: null, access: noForms }),
    ).toBe(false);
  });

  it('still applies the keys to the other Form Submission items for suppliers', () => {
    expect(isMenuItemVisible(find('myRecords'), SUPPLIER)).toBe(false);
    expect(
      isMenuItemVisible(find('myRecords'), {
        ...SUPPLIER,
        access: access({ formSubmissionMyAction: 'yes', supplierAccess: 'yes' }, 'no'),
      }),
    ).toBe(true);
  });

  it("shows the supplier portal item only to a supplier with supplierPortal 'yes'", () => {
    const portal = find('externalPartiesPortal');
    expect(isMenuItemVisible(portal, { ...SUPPLIER, access: access({ supplierPortal: 'yes' }, 'no') })).toBe(
      true,
    );
    expect(isMenuItemVisible(portal, SUPPLIER)).toBe(false);
    // A person of the company does not keep its Access Settings.
    expect(
      isMenuItemVisible(portal, {
        ...SUPPLIER,
        personnelId: 'p1',
        access: access({ supplierPortal: 'yes' }, 'no'),
      }),
    ).toBe(false);
    expect(isMenuItemVisible(portal, { ...EMPLOYEE, access: access({ supplierPortal: 'yes' }) })).toBe(false);
    expect(
      isMenuItemVisible(portal, {
        userType: 'company',
        employeeId: null,
        access: access({ supplierPortal: 'yes' }),
      }),
    ).toBe(false);
  });

  it('shows a supplier whose portal and access are both off only Home and the Help Centre, whatever its keys', () => {
    const shutOut: MenuViewer = { userType: 'supplier', employeeId: null, access: access({}, 'yes') };
    expect(ids(visibleMenu(shutOut))).toEqual(['home', 'helpCentre']);
    expect(ids(visibleMenu({ ...shutOut, access: access({ supplierAccess: 'yes' }) }))).toContain(
      'newSubmission',
    );
  });

  it("shows TimeSheet only with an employeeId and its key 'yes'", () => {
    const timesheet = find('timesheet');
    expect(isMenuItemVisible(timesheet, EMPLOYEE)).toBe(true);
    expect(isMenuItemVisible(timesheet, { ...EMPLOYEE, employeeId: null })).toBe(false);
    expect(isMenuItemVisible(timesheet, { ...EMPLOYEE, employeeId: undefined })).toBe(false);
    const key = timesheet.access as AccessKey;
    expect(isMenuItemVisible(timesheet, { ...EMPLOYEE, access: access({ [key]: 'no' }) })).toBe(false);
  });
});

describe('visibleMenu', () => {
  it('shows every item to an employee with every key', () => {
    const shown = ids(visibleMenu(EMPLOYEE));
    expect(shown).toContain('risk');
    expect(shown).toContain('timesheet');
    expect(shown).toContain('hrAdmin');
    expect(shown).toContain('hrForms');
    expect(shown).not.toContain('externalPartiesPortal');
  });

  it('drops hidden items and keeps the order', () => {
    const shown = visibleMenu({ ...EMPLOYEE, access: access({ risk: 'no', obligation: 'no' }) }).map(
      (item) => item.id,
    );
    expect(shown).not.toContain('risk');
    expect(shown).not.toContain('obligations');
    expect(shown.indexOf('hazardous')).toBeLessThan(shown.indexOf('reportChart'));
  });

  it('drops a group whose children are all hidden', () => {
    const noAuditChildren = access({ auditMyAudit: 'no', auditManageAudit: 'no' });
    const shown = ids(visibleMenu({ ...EMPLOYEE, access: noAuditChildren }));
    expect(shown).not.toContain('auditInspection');
    // Quick Add keeps its Form Submission item.
    expect(shown).toContain('quickAdd');
    expect(shown).not.toContain('quickAddAudit');
  });

  it('drops a nested group left empty and then its parent', () => {
    const items: MenuItem[] = [
      {
        id: 'outer',
        label: 'Outer',
        children: [
          {
            id: 'inner',
            label: 'Inner',
            children: [{ id: 'leaf', label: 'Leaf', path: '/l', access: 'risk' }],
          },
        ],
      },
    ];
    expect(visibleMenu({ ...EMPLOYEE, access: access({ risk: 'no' }) }, items)).toEqual([]);
    expect(ids(visibleMenu(EMPLOYEE, items))).toEqual(['outer', 'inner', 'leaf']);
  });

  it('hides a group whose own key is no, even when its children have no keys', () => {
    const shown = ids(visibleMenu({ ...EMPLOYEE, access: access({ document: 'no' }) }));
    expect(shown).not.toContain('documents');
    expect(shown).not.toContain('library');
  });

  it('gives a supplier without keys Home, Noticeboard, New Submission and Help Centre', () => {
    const shown = visibleMenu(SUPPLIER);
    expect(ids(shown)).toEqual([
      'home',
      'noticeboard',
      'quickAdd',
      'quickAddForm',
      'formSubmission',
      'newSubmission',
      'helpCentre',
    ]);
  });

  it('does not change the MENU it reads', () => {
    const before = JSON.stringify(MENU);
    visibleMenu({ ...EMPLOYEE, access: access({}, 'no') });
    expect(JSON.stringify(MENU)).toBe(before);
  });
});
