import { type AccessKey } from '../../shared/src/rules/access';
import type {
  AssignmentStatus,
  RequirementStatus,
  RiskColour,
} from '../../server/src/generated/prisma/client';
import { fail } from './ids';
import { Org } from './rows';
import { accessMap, addEmployees, addWorkplaces, UserDef, addUser, place } from './people';
import { addTemplate } from './templates';
import { addSubmission } from './submissions';
import { addNotices } from './notices';
import { addObligationRegister } from './obligations';
import { DashboardRefs, DashboardPerson, addDashboard } from './dashboard';
import { addDocumentLibrary } from './documents';
import { SIGNATURE, DIAGRAM } from './images';

// ---------- Northwind Facilities ----------

export function buildNorthwind(o: Org): void {
  const { cal, companyId, rows } = o;

  addWorkplaces(o, {
    'Head Office': ['Level 3'],
    'Riverside Depot': ['Warehouse', 'Workshop'],
    'Harbour Site': ['North Gate', 'South Gate'],
  });
  for (const name of [
    'Managing Director',
    'Safety Coordinator',
    'Site Supervisor',
    'Technician',
    'HR Officer',
    'Warehouse Operative',
    'Administration Officer',
    'Quality Officer',
    'Driver',
  ]) {
    rows.position.push({ id: o.id('position', name), companyId, name });
  }

  const roles: Record<string, Record<AccessKey, boolean>> = {
    Administrator: accessMap(),
    Coordinator: accessMap(['system', 'hrAdmin', 'hrEmployeePrivateInfo']),
    'Restricted Employee': accessMap(['risk', 'hazardous', 'system', 'actionRegister']),
  };
  for (const [name, access] of Object.entries(roles)) {
    rows.role.push({ id: o.id('role', name), companyId, name, access });
  }
  const restrictions: Array<[string, string, boolean]> = [
    ['Coordinator', 'formSubmissionClose', true],
    ['Coordinator', 'systemPreferences', false],
    ['Restricted Employee', 'formSubmissionEdit', true],
    ['Restricted Employee', 'formSubmissionClose', false],
    ['Restricted Employee', 'hrEmployeePrivateInfo', false],
  ];
  for (const [role, keyField, isAccess] of restrictions) {
    rows.accessRestriction.push({
      id: o.id('restriction', `${role}/${keyField}`),
      companyId,
      roleId: o.id('role', role),
      keyField,
      isAccess,
    });
  }

  const e = addEmployees(o, 'northwind.example', 'NW-1001', [
    ['olivia', 'Olivia Bennett', 'Managing Director', 'Administrator', 'Head Office/Level 3'],
    ['ethan', 'Ethan Clarke', 'Safety Coordinator', 'Coordinator', 'Riverside Depot/Warehouse'],
    ['mia', 'Mia Torres', 'Technician', 'Restricted Employee', 'Riverside Depot/Workshop'],
    ['noah', 'Noah Fischer', 'Site Supervisor', 'Coordinator', 'Harbour Site/North Gate'],
    ['ava', 'Ava Nguyen', 'HR Officer', 'Coordinator', 'Harbour Site/South Gate'],
    ['jack', 'Jack Morrison', 'Warehouse Operative', 'Restricted Employee', 'Riverside Depot/Warehouse'],
    ['chloe', 'Chloe Adams', 'Warehouse Operative', 'Restricted Employee', 'Riverside Depot/Warehouse'],
    ['lucas', 'Lucas Romero', 'Technician', 'Restricted Employee', 'Riverside Depot/Workshop'],
    ['isla', 'Isla Murphy', 'Site Supervisor', 'Coordinator', 'Harbour Site/South Gate'],
    ['harper', 'Harper Singh', 'Administration Officer', 'Restricted Employee', 'Head Office/Level 3'],
    ['mason', 'Mason Lee', 'Technician', 'Restricted Employee', 'Harbour Site/North Gate'],
    ['sophie', 'Sophie Dubois', 'Quality Officer', 'Coordinator', 'Head Office/Level 3'],
    ['henry', 'Henry Walsh', 'Driver', 'Restricted Employee', 'Riverside Depot/Warehouse'],
    ['amelia', 'Amelia Ross', 'Warehouse Operative', 'Restricted Employee', 'Harbour Site/South Gate'],
    ['william', 'William Chen', 'Technician', 'Restricted Employee', 'Riverside Depot/Workshop', false],
    ['ella', 'Ella Fraser', 'Driver', 'Restricted Employee', 'Harbour Site/North Gate', false],
    ['oliver', 'Oliver Grant', 'Administration Officer', 'Restricted Employee', 'Head Office/Level 3', false],
  ]);
  const emp = (key: string): string => e[key] ?? fail(`employee ${key}`);

  // External parties.
  const suppliers: Array<[string, string, boolean, boolean, boolean]> = [
    ['Acme Contracting', 'accounts@acme-contracting.example', true, true, true],
    ['Zenith Cleaning', 'office@zenith-cleaning.example', false, false, true],
    ['Brightline Electrical', 'jobs@brightline-electrical.example', true, false, true],
    ['Harbour Plumbing Co', 'info@harbour-plumbing.example', false, false, false],
  ];
  for (const [name, email, supplierPortal, supplierAccess, isActive] of suppliers) {
    rows.supplierCompany.push({
      id: o.id('supplier', name),
      companyId,
      name,
      email,
      supplierPortal,
      supplierAccess,
      isActive,
      createdAt: cal.at(-200),
    });
  }
  const acme = o.id('supplier', 'Acme Contracting');
  const zenith = o.id('supplier', 'Zenith Cleaning');
  const brightline = o.id('supplier', 'Brightline Electrical');
  const personnel: Array<[string, string, string, string, string, boolean]> = [
    ['liam', 'Acme Contracting', 'Liam', 'Walker', 'acme-contracting.example', true],
    ['grace', 'Acme Contracting', 'Grace', 'Hughes', 'acme-contracting.example', true],
    ['oscar', 'Acme Contracting', 'Oscar', 'Patel', 'acme-contracting.example', true],
    ['ruby', 'Acme Contracting', 'Ruby', 'Simmons', 'acme-contracting.example', false],
    ['ava', 'Acme Contracting', 'Ava', 'Nguyen', 'acme-contracting.example', true],
    ['zoe', 'Zenith Cleaning', 'Zoe', 'Martin', 'zenith-cleaning.example', true],
    ['kai', 'Brightline Electrical', 'Kai', 'Robinson', 'brightline-electrical.example', true],
  ];
  for (const [key, supplier, firstName, lastName, domain, isActive] of personnel) {
    rows.personnel.push({
      id: o.id('personnel', key),
      companyId,
      supplierId: o.id('supplier', supplier),
      firstName,
      lastName,
      email: `${firstName}.${lastName}@${domain}`.toLowerCase(),
      isActive,
      createdAt: cal.at(-150),
    });
  }
  const liam = o.id('personnel', 'liam');
  const zoe = o.id('personnel', 'zoe');

  // Accounts.
  const avaGroup = o.id('accountGroup', 'ava');
  const accounts: UserDef[] = [
    {
      username: 'olivia.admin',
      userType: 'employee',
      email: 'olivia.bennett@northwind.example',
      employeeId: emp('olivia'),
    },
    {
      username: 'ethan.coordinator',
      userType: 'employee',
      email: 'ethan.clarke@northwind.example',
      employeeId: emp('ethan'),
    },
    {
      username: 'mia.employee',
      userType: 'employee',
      email: 'mia.torres@northwind.example',
      employeeId: emp('mia'),
    },
    {
      username: 'noah.expired',
      userType: 'employee',
      email: 'noah.fischer@northwind.example',
      employeeId: emp('noah'),
      isForceUpdatePassword: true,
      passwordChangedDaysAgo: 120,
    },
    {
      username: 'ava.dual',
      userType: 'employee',
      email: 'ava.nguyen@northwind.example',
      employeeId: emp('ava'),
      accountGroupId: avaGroup,
      unsubscribed: { daysAgo: 20, reason: 'Too many reminders while I am on leave.' },
    },
    {
      username: 'ava.nguyen@acme-contracting.example',
      userType: 'supplier',
      email: 'ava.nguyen@acme-contracting.example',
      supplierId: acme,
      personnelId: o.id('personnel', 'ava'),
      accountGroupId: avaGroup,
    },
    {
      username: 'acme.supplier',
      userType: 'supplier',
      email: 'accounts@acme-contracting.example',
      supplierId: acme,
    },
    {
      username: 'liam.personnel',
      userType: 'supplier',
      email: 'liam.walker@acme-contracting.example',
      supplierId: acme,
      personnelId: liam,
    },
    {
      username: 'zoe.noportal',
      userType: 'supplier',
      email: 'zoe.martin@zenith-cleaning.example',
      supplierId: zenith,
      personnelId: zoe,
      unsubscribed: { daysAgo: 6, reason: 'I no longer work on the Northwind contract.' },
    },
  ];
  for (const account of accounts) addUser(o, account);

  // Registers.
  const assets = [
    'Forklift FL-01',
    'Forklift FL-02',
    'Scissor Lift SL-07',
    'Delivery Van NW-12',
    'Air Compressor AC-3',
    'Fire Pump FP-1',
  ];
  for (const name of [...assets, 'Pressure Washer PW-2']) {
    rows.asset.push({ id: o.id('asset', name), companyId, name, isActive: name !== 'Pressure Washer PW-2' });
  }
  const asset = (name: string) => o.id('asset', name);
  const risks: Array<[string, boolean, RiskColour, boolean]> = [
    ['Working at Heights', true, 'red', true],
    ['Manual Handling', true, 'orange', true],
    ['Slips, Trips and Falls', true, 'yellow', true],
    ['Forklift and Pedestrian Interaction', false, 'red', true],
    ['Electrical Hazards', true, 'orange', true],
    ['Workshop Noise Exposure', false, 'yellow', true],
    ['Office Ergonomics', false, 'green', true],
    ['Legacy Asbestos Register', false, 'green', false],
  ];
  for (const [name, isMaster, colour, isActive] of risks) {
    rows.risk.push({ id: o.id('risk', name), companyId, name, isMaster, colour, isActive });
  }
  const risk = (name: string) => o.id('risk', name);
  const hazards = [
    'Diesel Fuel',
    'Sodium Hypochlorite (Bleach)',
    'Acetylene Gas',
    'Hydraulic Oil',
    'Paint Thinner',
  ];
  for (const name of [...hazards, 'Carbon Tetrachloride']) {
    rows.hazardousSubstance.push({
      id: o.id('hazard', name),
      companyId,
      name,
      isActive: name !== 'Carbon Tetrachloride',
    });
  }
  const requirementTypes: Array<[string, 'company' | 'personnel']> = [
    ['Public Liability Insurance', 'company'],
    ['Safety Management Plan', 'company'],
    ['Induction Certificate', 'personnel'],
    ['First Aid Certificate', 'personnel'],
  ];
  for (const [name, appliesTo] of requirementTypes) {
    rows.requirementType.push({ id: o.id('requirementType', name), companyId, name, appliesTo });
  }
  const reqType = (name: string) => o.id('requirementType', name);

  // Form templates: between them they use every field type.
  const incident = addTemplate(o, {
    key: 'incident',
    name: 'Incident Report',
    formType: 'form_submission',
    emailNotification: [1, 2, 3, 4],
    emailCcEmployeeIds: [emp('olivia')],
    coordinatorEmployeeId: emp('ethan'),
    sections: [
      {
        label: 'Incident Details',
        mandatoryType: 'newEntry',
        fields: [
          {
            key: 'title',
            type: 'text',
            label: 'Incident Title',
            mandatory: 'Please enter a short title for the incident',
            placeholder: 'e.g. Slip near loading bay 2',
          },
          { key: 'date', type: 'date', label: 'Date of Incident', mandatory: true },
          { key: 'time', type: 'time', label: 'Time of Incident', mandatory: true },
          {
            key: 'category',
            type: 'select',
            label: 'Incident Category',
            mandatory: true,
            options: ['Injury', 'Near Miss', 'Property Damage', 'Environmental', 'Security'],
          },
          {
            key: 'severity',
            type: 'radio',
            label: 'Severity',
            mandatory: 'Please choose the severity',
            options: ['Low', 'Medium', 'High', 'Critical'],
          },
          {
            key: 'description',
            type: 'textarea',
            label: 'What Happened?',
            mandatory: true,
            placeholder: 'Describe the sequence of events',
          },
          { key: 'people', type: 'employee', label: 'Persons Involved' },
          { key: 'equipment', type: 'asset', label: 'Equipment Involved' },
          { key: 'risks', type: 'risk', label: 'Related Risks' },
          {
            key: 'injury',
            type: 'typeGroupings',
            label: 'Injury Classification',
            groupings: [
              { category: 'Body Part', subCategories: ['Head', 'Hand', 'Back', 'Leg', 'Foot'] },
              { category: 'Injury Type', subCategories: ['Cut', 'Sprain', 'Burn', 'Bruise', 'Fracture'] },
              { category: 'Treatment', subCategories: ['First Aid', 'Medical Treatment', 'Lost Time'] },
            ],
          },
          { key: 'photos', type: 'file', label: 'Photos' },
        ],
      },
      {
        label: 'Witnesses and Evidence',
        fields: [
          {
            key: 'witnesses',
            type: 'table',
            label: 'Witness Statements',
            columns: [
              { key: 'name', name: 'Witness Name', type: 'text' },
              { key: 'phone', name: 'Contact Number', type: 'text' },
              { key: 'statementDate', name: 'Statement Date', type: 'date' },
            ],
          },
          { key: 'signature', type: 'signature', label: 'Reporter Signature' },
        ],
      },
      {
        label: 'Investigation',
        mandatoryType: 'investigation',
        fields: [
          {
            key: 'rootCause',
            type: 'textarea',
            label: 'Root Cause',
            mandatory: 'Please record the root cause',
          },
          {
            key: 'factors',
            type: 'checkbox',
            label: 'Contributing Factors',
            options: [
              'Inadequate training',
              'Poor housekeeping',
              'Equipment failure',
              'Fatigue',
              'Procedure not followed',
            ],
          },
          {
            key: 'actions',
            type: 'task',
            label: 'Action List',
            mandatory: 'Please add at least one corrective action',
          },
        ],
      },
    ],
  });

  const inspection = addTemplate(o, {
    key: 'inspection',
    name: 'Site Inspection Checklist',
    formType: 'form_submission',
    emailNotification: [1],
    coordinatorEmployeeId: emp('ethan'),
    formBranchType: 'employeeBranch',
    sections: [
      {
        label: 'Inspection Overview',
        mandatoryType: 'newEntry',
        fields: [
          {
            key: 'procedure',
            type: 'weblink',
            label: 'Inspection Procedure',
            webLink: 'https://intranet.northwind-facilities.example/procedures/site-inspection',
          },
          {
            key: 'instructions',
            type: 'contentEditor',
            label: 'Inspection Instructions',
            contentEditor:
              '<p>Walk the whole area with the checklist. Record every defect, even if it was fixed on the spot.</p><ul><li>Wear hi-vis and safety boots.</li><li>Report anything urgent to the site supervisor at once.</li></ul>',
          },
          { key: 'inspector', type: 'employee', label: 'Inspected By', mandatory: true },
          {
            key: 'areas',
            type: 'items',
            label: 'Areas Inspected',
            mandatory: 'Please select the areas you inspected',
            items: ['Loading Dock', 'Racking', 'Workshop', 'Amenities', 'Car Park', 'Office'],
          },
          { key: 'staffOnSite', type: 'number', label: 'Staff on Site', placeholder: '0' },
        ],
      },
      {
        label: 'Checks',
        fields: [
          { key: 'fireHeading', type: 'section', label: 'Fire Safety' },
          {
            key: 'fireChecks',
            type: 'checkbox',
            label: 'Fire Equipment Checks',
            mandatory: true,
            options: [
              'Extinguishers tagged',
              'Hose reels accessible',
              'Alarm panel normal',
              'Exit signs lit',
            ],
          },
          {
            key: 'exitsClear',
            type: 'radio',
            label: 'Emergency Exits Clear',
            mandatory: 'Please state whether the exits are clear',
            options: ['Yes', 'No', 'N/A'],
          },
          { key: 'housekeepingHeading', type: 'section', label: 'Housekeeping and Plant' },
          {
            key: 'housekeeping',
            type: 'select',
            label: 'Housekeeping Standard',
            options: ['Excellent', 'Acceptable', 'Needs Improvement', 'Unacceptable'],
          },
          { key: 'plant', type: 'asset', label: 'Plant Checked' },
          { key: 'layout', type: 'diagram', label: 'Site Layout Sketch' },
          { key: 'related', type: 'submission', label: 'Related Submission' },
        ],
      },
      {
        label: 'Follow-up',
        fields: [{ key: 'actions', type: 'task', label: 'Action List' }],
      },
    ],
  });

  // An audit template (Audit Inspection): yes / no / N/A questions are scored (docs/audits.md).
  const safetyAudit = addTemplate(o, {
    key: 'safetyAudit',
    name: 'Workplace Safety Audit',
    formType: 'audit',
    emailNotification: [],
    coordinatorEmployeeId: emp('ethan'),
    formBranchType: 'manualEntry',
    sections: [
      {
        label: 'Emergency Readiness',
        fields: [
          {
            key: 'exits',
            type: 'radio',
            label: 'Are emergency exits clear and signed?',
            mandatory: true,
            options: ['Yes', 'No', 'N/A'],
          },
          {
            key: 'extinguishers',
            type: 'radio',
            label: 'Are fire extinguishers tagged and in date?',
            mandatory: true,
            options: ['Yes', 'No', 'N/A'],
          },
          {
            key: 'firstAid',
            type: 'select',
            label: 'Is the first aid kit stocked?',
            options: ['Yes', 'No', 'N/A'],
          },
        ],
      },
      {
        label: 'Housekeeping',
        fields: [
          {
            key: 'walkways',
            type: 'radio',
            label: 'Are walkways clear of trip hazards?',
            options: ['Yes', 'No', 'N/A'],
          },
          { key: 'notes', type: 'textarea', label: 'Auditor notes' },
        ],
      },
    ],
  });

  const contractor = addTemplate(o, {
    key: 'contractor',
    name: 'Contractor Safety Assessment',
    formType: 'supplier',
    emailNotification: [1, 4],
    sections: [
      {
        label: 'Contractor Details',
        mandatoryType: 'newEntry',
        fields: [
          {
            key: 'company',
            type: 'supplier',
            label: 'Contractor Company',
            mandatory: 'Please select the contractor company',
          },
          { key: 'scope', type: 'text', label: 'Scope of Work', mandatory: true },
          { key: 'startDate', type: 'date', label: 'Work Start Date' },
          {
            key: 'permit',
            type: 'select',
            label: 'Permit Type',
            options: ['Hot Work', 'Confined Space', 'Working at Heights', 'Electrical Isolation', 'None'],
          },
          {
            key: 'ppe',
            type: 'checkbox',
            label: 'PPE Provided',
            options: ['Hard hat', 'Hi-vis vest', 'Safety boots', 'Gloves', 'Eye protection'],
          },
          { key: 'insurance', type: 'file', label: 'Insurance Certificate' },
          { key: 'hazards', type: 'risk', label: 'Hazards Identified' },
        ],
      },
      {
        label: 'Sign-off',
        fields: [
          { key: 'signature', type: 'signature', label: 'Contractor Signature', mandatory: true },
          { key: 'actions', type: 'task', label: 'Action List' },
        ],
      },
    ],
  });

  const review = addTemplate(o, {
    key: 'performance',
    name: 'Employee Performance Review',
    formType: 'hr',
    emailNotification: [3, 4],
    sections: [
      {
        label: 'Review Details',
        mandatoryType: 'newEntry',
        fields: [
          { key: 'employee', type: 'employee', label: 'Employee', mandatory: true },
          { key: 'periodEnd', type: 'date', label: 'Review Period End', mandatory: true },
          {
            key: 'rating',
            type: 'radio',
            label: 'Overall Rating',
            mandatory: 'Please choose an overall rating',
            options: ['Exceeds expectations', 'Meets expectations', 'Developing', 'Below expectations'],
          },
          { key: 'achievements', type: 'textarea', label: 'Key Achievements' },
          { key: 'goals', type: 'textarea', label: 'Development Goals' },
        ],
      },
      {
        label: 'Objectives',
        fields: [
          {
            key: 'objectives',
            type: 'table',
            label: 'Objectives',
            columns: [
              { key: 'objective', name: 'Objective', type: 'text' },
              { key: 'target', name: 'Target (%)', type: 'number' },
              { key: 'due', name: 'Due Date', type: 'date' },
            ],
          },
        ],
      },
      {
        label: 'Sign-off',
        fields: [
          { key: 'employeeSignature', type: 'signature', label: 'Employee Signature' },
          { key: 'reviewerSignature', type: 'signature', label: 'Reviewer Signature' },
        ],
      },
    ],
  });

  const feedback = addTemplate(o, {
    key: 'feedback',
    name: 'Visitor Feedback',
    formType: 'qr',
    emailNotification: [],
    sections: [
      {
        label: 'Your Visit',
        mandatoryType: 'newEntry',
        fields: [
          { key: 'visitorName', type: 'text', label: 'Your Name', mandatory: 'Please tell us your name' },
          { key: 'company', type: 'text', label: 'Your Company' },
          { key: 'visitDate', type: 'date', label: 'Date of Visit' },
          {
            key: 'experience',
            type: 'radio',
            label: 'How was your visit?',
            mandatory: true,
            options: ['Excellent', 'Good', 'Fair', 'Poor'],
          },
          {
            key: 'areas',
            type: 'checkbox',
            label: 'Areas Visited',
            options: ['Reception', 'Warehouse', 'Workshop', 'Harbour Gate'],
          },
          { key: 'comments', type: 'textarea', label: 'Comments' },
        ],
      },
    ],
  });

  const toolbox = addTemplate(o, {
    key: 'toolbox',
    name: 'Toolbox Talk',
    formType: 'form_submission',
    emailNotification: [1, 2],
    emailCcEmployeeIds: [emp('ethan')],
    sections: [
      {
        label: 'Talk Details',
        mandatoryType: 'newEntry',
        fields: [
          { key: 'date', type: 'date', label: 'Date', mandatory: true },
          { key: 'time', type: 'time', label: 'Start Time' },
          { key: 'topic', type: 'text', label: 'Topic', mandatory: 'Please enter the topic of the talk' },
          {
            key: 'hazardCategory',
            type: 'typeGroupings',
            label: 'Hazard Category',
            groupings: [
              { category: 'Physical', subCategories: ['Noise', 'Vibration', 'Heat', 'Moving vehicles'] },
              { category: 'Chemical', subCategories: ['Fuels', 'Cleaning agents', 'Solvents'] },
              { category: 'Ergonomic', subCategories: ['Lifting', 'Repetitive tasks', 'Posture'] },
            ],
          },
          {
            key: 'notes',
            type: 'contentEditor',
            label: 'Talk Notes',
            contentEditor:
              '<p><strong>Key messages</strong></p><ul><li></li></ul><p><strong>Questions raised</strong></p>',
          },
          {
            key: 'topics',
            type: 'items',
            label: 'Topics Covered',
            items: ['PPE', 'Manual handling', 'Forklift safety', 'Hazard reporting', 'Emergency procedures'],
          },
          { key: 'attendees', type: 'employee', label: 'Attendees', mandatory: 'Please add the attendees' },
        ],
      },
      {
        label: 'Sign-off',
        fields: [
          { key: 'signature', type: 'signature', label: 'Presenter Signature' },
          { key: 'actions', type: 'task', label: 'Action List' },
        ],
      },
    ],
  });

  const wellbeing = addTemplate(o, {
    key: 'wellbeing',
    name: 'Annual Wellbeing Check',
    formType: 'hr',
    emailNotification: [3],
    sections: [
      {
        label: 'Wellbeing',
        mandatoryType: 'newEntry',
        fields: [
          {
            key: 'feeling',
            type: 'radio',
            label: 'How are you feeling at work?',
            mandatory: true,
            options: ['Great', 'Okay', 'Struggling'],
          },
          {
            key: 'workload',
            type: 'select',
            label: 'Workload',
            options: ['Manageable', 'Busy', 'Unmanageable'],
          },
          {
            key: 'support',
            type: 'checkbox',
            label: 'Support Wanted',
            options: ['Training', 'Flexible hours', 'Mentoring', 'Employee assistance programme'],
          },
          { key: 'comments', type: 'textarea', label: 'Anything else?' },
        ],
      },
    ],
  });

  const induction = addTemplate(o, {
    key: 'induction',
    name: 'Safety Induction Quiz',
    formType: 'hr',
    sections: [
      {
        label: 'Questions',
        mandatoryType: 'newEntry',
        fields: [
          {
            key: 'assembly',
            type: 'radio',
            label: 'Where is the Riverside Depot assembly point?',
            mandatory: true,
            options: ['Car park', 'Loading dock', 'Staff room'],
          },
          {
            key: 'ppe',
            type: 'checkbox',
            label: 'Which PPE is mandatory in the warehouse?',
            mandatory: true,
            options: ['Hi-vis vest', 'Safety boots', 'Hearing protection', 'Hard hat'],
          },
          { key: 'report', type: 'textarea', label: 'Describe how you would report a hazard.' },
          {
            key: 'signature',
            type: 'signature',
            label: 'Trainee Signature',
            mandatory: 'Please sign to confirm you completed the induction',
          },
        ],
      },
    ],
  });

  addTemplate(o, {
    key: 'legacyHazard',
    name: 'Legacy Hazard Report',
    formType: 'form_submission',
    isActive: false,
    sections: [
      {
        label: 'Hazard',
        fields: [
          { key: 'hazard', type: 'text', label: 'Hazard', mandatory: true },
          { key: 'details', type: 'textarea', label: 'Details' },
        ],
      },
    ],
  });

  // One template holding every field type of the registry, so a single form exercises them all
  // (the browser test of issue #4 fills it in; the screenshot submission-editor-every-field).
  addTemplate(o, {
    key: 'everyField',
    name: 'Every Field Type',
    formType: 'form_submission',
    coordinatorEmployeeId: emp('ethan'),
    sections: [
      {
        label: 'General',
        mandatoryType: 'newEntry',
        fields: [
          { key: 'heading', type: 'section', label: 'About the check' },
          {
            key: 'text',
            type: 'text',
            label: 'Short Answer',
            mandatory: 'Please enter a short answer',
            placeholder: 'One line',
          },
          { key: 'number', type: 'number', label: 'Head Count', mandatory: true, placeholder: '0' },
          { key: 'date', type: 'date', label: 'Check Date', mandatory: true },
          { key: 'time', type: 'time', label: 'Check Time' },
          {
            key: 'weblink',
            type: 'weblink',
            label: 'Procedure Link',
            webLink: 'https://intranet.northwind-facilities.example/procedures/general-check',
          },
          { key: 'textarea', type: 'textarea', label: 'Long Answer' },
          {
            key: 'contentEditor',
            type: 'contentEditor',
            label: 'Rich Notes',
            contentEditor: '<p><strong>Observations</strong></p>',
          },
        ],
      },
      {
        label: 'Choices',
        fields: [
          {
            key: 'radio',
            type: 'radio',
            label: 'Overall Condition',
            mandatory: 'Please choose the overall condition',
            options: ['Good', 'Fair', 'Poor'],
          },
          { key: 'select', type: 'select', label: 'Priority Level', options: ['Low', 'Medium', 'High'] },
          {
            key: 'checkbox',
            type: 'checkbox',
            label: 'Checks Completed',
            mandatory: true,
            options: ['Guards fitted', 'Lights working', 'Floor clear'],
          },
          { key: 'items', type: 'items', label: 'Zones Covered', items: ['Dock', 'Yard', 'Office'] },
          {
            key: 'typeGroupings',
            type: 'typeGroupings',
            label: 'Hazard Class',
            groupings: [
              { category: 'Physical', subCategories: ['Noise', 'Heat', 'Vibration'] },
              { category: 'Chemical', subCategories: ['Fuels', 'Solvents'] },
            ],
          },
        ],
      },
      {
        label: 'Linked Records',
        fields: [
          { key: 'employee', type: 'employee', label: 'People Present' },
          { key: 'asset', type: 'asset', label: 'Equipment Used' },
          { key: 'risk', type: 'risk', label: 'Risks Noted' },
          {
            key: 'supplier',
            type: 'supplier',
            label: 'Contractor on Site',
            mandatory: 'Please select the contractor on site',
          },
          { key: 'submission', type: 'submission', label: 'Related Form' },
        ],
      },
      {
        label: 'Evidence',
        fields: [
          { key: 'file', type: 'file', label: 'Site Photos' },
          {
            key: 'table',
            type: 'table',
            label: 'Readings',
            columns: [
              { key: 'point', name: 'Reading Point', type: 'text' },
              { key: 'value', name: 'Reading Value', type: 'number' },
              { key: 'taken', name: 'Reading Date', type: 'date' },
            ],
          },
          { key: 'signature', type: 'signature', label: 'Checker Signature' },
          { key: 'diagram', type: 'diagram', label: 'Area Sketch' },
        ],
      },
      {
        label: 'Follow-up Actions',
        fields: [{ key: 'task', type: 'task', label: 'Action List' }],
      },
    ],
  });

  // Submissions 1001..: every state and form type.
  const ethan = emp('ethan');
  const olivia = emp('olivia');
  const mia = emp('mia');
  const noah = emp('noah');
  const ava = emp('ava');
  const s1001 = addSubmission(o, {
    key: '1001',
    template: incident,
    state: 'open',
    formDate: -3,
    description: 'Slip on wet floor near loading bay 2',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [ethan, olivia],
    recordedByEmployeeId: mia,
    values: {
      title: 'Slip on wet floor near loading bay 2',
      date: cal.iso(-3),
      time: '14:15',
      category: 'injury',
      severity: 'medium',
      description:
        'Rain water came in under the roller door of bay 2. Jack slipped while carrying a carton and landed on his left hand. The area was not signposted.',
      people: [emp('jack'), mia],
      equipment: [asset('Forklift FL-01')],
      risks: [risk('Slips, Trips and Falls'), risk('Manual Handling')],
      injury: { category: 'Body Part', subCategories: ['Hand'] },
      signature: SIGNATURE,
      rootCause:
        'A blocked gutter overflows onto the dock apron during heavy rain; no drainage at the door seal.',
      factors: ['poor-housekeeping', 'equipment-failure'],
    },
    tables: {
      witnesses: [
        { name: 'Chloe Adams', phone: '0400 111 222', statementDate: cal.iso(-3) },
        { name: 'Henry Walsh', phone: '0400 333 444', statementDate: cal.iso(-2) },
      ],
    },
    actions: [
      { assignee: { employee: ethan }, instruction: 'Install anti-slip matting at loading bay 2.', due: 7 },
      {
        assignee: { employee: mia },
        instruction: 'Brief the warehouse team on reporting spills and leaks.',
        due: -4,
      },
      {
        assignee: { personnel: liam },
        instruction: 'Clear and repair the gutter above loading bay 2.',
        due: 0,
        draftResponse: 'Gutter cleared; bracket replacement booked.',
      },
      {
        assignee: { employee: olivia },
        instruction: 'Approve the purchase of anti-slip matting.',
        due: -1,
        done: { daysAgo: 1, response: 'Purchase approved, PO 4471 raised.' },
      },
      {
        assignee: { employee: ava },
        instruction: 'Check the first aid record for this incident is complete.',
        due: -1,
      },
    ],
  });
  addSubmission(o, {
    key: '1002',
    template: incident,
    state: 'open',
    formDate: -10,
    description: 'Forklift near miss with a pedestrian at North Gate',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [ethan],
    recordedByEmployeeId: noah,
    values: {
      title: 'Forklift near miss at North Gate',
      date: cal.iso(-10),
      time: '07:45',
      category: 'near-miss',
      severity: 'high',
      description:
        'A forklift reversed out of the container yard as a driver walked past on foot. No contact was made.',
      people: [emp('mason'), noah],
      equipment: [asset('Forklift FL-02')],
      risks: [risk('Forklift and Pedestrian Interaction')],
      rootCause: 'No separated pedestrian walkway at the container yard exit.',
      factors: ['procedure-not-followed'],
    },
    actions: [
      {
        assignee: { employee: ethan },
        instruction: 'Mark a pedestrian exclusion zone at the container yard exit.',
        due: -2,
      },
      {
        assignee: { employee: olivia },
        instruction: 'Approve the quote for a reversing camera on FL-02.',
        due: 0,
      },
      {
        assignee: { employee: noah },
        instruction: 'Run a toolbox talk on forklift and pedestrian safety.',
        due: 10,
      },
      { assignee: { employee: ava }, instruction: 'Add the near miss to the monthly safety report.', due: 0 },
    ],
  });
  const s1003 = addSubmission(o, {
    key: '1003',
    template: inspection,
    state: 'open',
    formDate: -1,
    description: 'Monthly inspection, Head Office level 3',
    workplace: 'Head Office',
    branch: 'Level 3',
    coordinators: [ethan, noah],
    recordedByEmployeeId: ethan,
    values: {
      procedure: 'https://intranet.northwind-facilities.example/procedures/site-inspection',
      instructions:
        '<p>Walk the whole area with the checklist.</p><p><em>Kitchen fridge seal damaged; reported to facilities.</em></p>',
      inspector: [ethan],
      areas: ['Office', 'Amenities'],
      staffOnSite: '24',
      fireChecks: ['extinguishers-tagged', 'alarm-panel-normal', 'exit-signs-lit'],
      exitsClear: 'yes',
      housekeeping: 'acceptable',
      plant: [asset('Fire Pump FP-1')],
      layout: DIAGRAM,
      related: [s1001],
    },
    actions: [
      { assignee: { employee: mia }, instruction: 'Replace the damaged kitchen fridge seal.', due: 5 },
      {
        assignee: { employee: noah },
        instruction: 'Re-tag the extinguisher by the east stairwell.',
        due: -6,
      },
      { assignee: { employee: ava }, instruction: 'Order a replacement first aid kit for level 3.', due: 3 },
      { assignee: { personnel: liam }, instruction: 'Service the level 3 air conditioning unit.', due: -1 },
    ],
  });
  addSubmission(o, {
    key: '1004',
    template: incident,
    state: 'closed',
    closedDaysAgo: 5,
    formDate: -20,
    description: 'Minor hand laceration in the workshop',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [ethan],
    recordedByEmployeeId: mia,
    values: {
      title: 'Hand laceration on sheet metal',
      date: cal.iso(-20),
      time: '11:30',
      category: 'injury',
      severity: 'low',
      description: 'Lucas cut his palm on a sheet metal edge while unpacking a delivery.',
      people: [emp('lucas')],
      injury: { category: 'Injury Type', subCategories: ['Cut'] },
      rootCause: 'Cut-resistant gloves were not available at the unpacking bench.',
      factors: ['inadequate-training'],
    },
    actions: [
      {
        assignee: { employee: ethan },
        instruction: 'Stock cut-resistant gloves at the unpacking bench.',
        due: -12,
        done: { daysAgo: 13, response: 'Two boxes of gloves stocked and a sign added.' },
      },
      {
        assignee: { personnel: liam },
        instruction: 'Deburr the edges of the steel offcut rack.',
        due: -9,
        done: { daysAgo: 8, response: 'Edges ground smooth and capped.' },
      },
    ],
  });
  addSubmission(o, {
    key: '1005',
    template: inspection,
    state: 'closed',
    closedDaysAgo: 12,
    formDate: -30,
    description: 'Monthly inspection, Harbour Site south gate',
    workplace: 'Harbour Site',
    branch: 'South Gate',
    coordinators: [olivia],
    recordedByEmployeeId: noah,
    values: {
      inspector: [noah],
      areas: ['Loading Dock', 'Car Park'],
      staffOnSite: '9',
      fireChecks: ['extinguishers-tagged', 'hose-reels-accessible'],
      exitsClear: 'no',
      housekeeping: 'needs-improvement',
    },
    actions: [
      {
        assignee: { employee: noah },
        instruction: 'Clear the pallets blocking the south gate emergency exit.',
        due: -28,
        done: { daysAgo: 29, response: 'Pallets moved to the yard; exit clear.' },
      },
    ],
  });
  addSubmission(o, {
    key: '1006',
    template: toolbox,
    state: 'draft',
    formDate: 0,
    description: 'Forklift safety toolbox talk',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [ethan],
    recordedByEmployeeId: ethan,
    values: {
      date: cal.iso(1),
      time: '07:30',
      topic: 'Forklift safety around pedestrians',
      hazardCategory: { category: 'Physical', subCategories: ['Moving vehicles'] },
    },
  });
  addSubmission(o, {
    key: '1007',
    template: toolbox,
    state: 'open',
    formDate: -2,
    description: 'Manual handling refresher',
    workplace: 'Head Office',
    branch: 'Level 3',
    coordinators: [olivia],
    recordedByEmployeeId: olivia,
    values: {
      date: cal.iso(-2),
      time: '08:00',
      topic: 'Manual handling refresher',
      hazardCategory: { category: 'Ergonomic', subCategories: ['Lifting', 'Posture'] },
      notes:
        '<p><strong>Key messages</strong></p><ul><li>Plan the lift.</li><li>Keep the load close.</li></ul>',
      topics: ['Manual handling', 'Hazard reporting'],
      attendees: [olivia, emp('harper'), emp('sophie'), emp('oliver')],
      signature: SIGNATURE,
    },
    actions: [
      { assignee: { employee: ethan }, instruction: 'Add the refresher to the training matrix.', due: 0 },
      { assignee: { employee: mia }, instruction: 'Label the heavy archive boxes on level 3.', due: 0 },
      { assignee: { employee: noah }, instruction: 'Share the slides with the Harbour Site team.', due: 0 },
    ],
  });
  const s1008 = addSubmission(o, {
    key: '1008',
    template: contractor,
    state: 'open',
    formDate: -4,
    description: 'Roof gutter repairs, Riverside workshop',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [olivia],
    supplierId: acme,
    recordedByPersonnelId: liam,
    values: {
      company: [acme],
      scope: 'Replace 30 m of box gutter and two downpipes over the workshop.',
      startDate: cal.iso(2),
      permit: 'working-at-heights',
      ppe: ['hard-hat', 'hi-vis-vest', 'safety-boots', 'gloves'],
      hazards: [risk('Working at Heights')],
      signature: SIGNATURE,
    },
    actions: [
      { assignee: { personnel: liam }, instruction: 'Upload the scaffold handover certificate.', due: 7 },
      {
        assignee: { personnel: o.id('personnel', 'grace') },
        instruction: 'Provide the roof access SWMS.',
        due: -2,
      },
      { assignee: { employee: olivia }, instruction: 'Arrange workshop access for the contractor.', due: 14 },
      {
        assignee: { personnel: o.id('personnel', 'ava') },
        instruction: 'Confirm the crew list for the gutter works.',
        due: 1,
      },
    ],
  });
  addSubmission(o, {
    key: '1009',
    template: contractor,
    state: 'closed',
    closedDaysAgo: 15,
    formDate: -25,
    description: 'Office deep clean, Harbour Site',
    workplace: 'Harbour Site',
    branch: 'South Gate',
    coordinators: [olivia],
    supplierId: zenith,
    recordedByPersonnelId: zoe,
    values: {
      company: [zenith],
      scope: 'Quarterly deep clean of the south gate amenities.',
      permit: 'none',
      ppe: ['gloves', 'eye-protection'],
    },
    actions: [
      {
        assignee: { personnel: zoe },
        instruction: 'Provide SDS for the cleaning chemicals used.',
        due: -20,
        done: { daysAgo: 19, response: 'SDS sheets uploaded.' },
      },
    ],
  });
  const s1010 = addSubmission(o, {
    key: '1010',
    template: contractor,
    state: 'draft',
    formDate: -1,
    description: 'Electrical isolation works, North Gate',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [noah],
    supplierId: acme,
    recordedByPersonnelId: liam,
    values: {
      company: [acme],
      scope: 'Isolate and replace the gate motor supply.',
      permit: 'electrical-isolation',
    },
  });
  const s1011 = addSubmission(o, {
    key: '1011',
    template: review,
    state: 'open',
    formDate: -6,
    description: 'Performance review - Mia Torres',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [ava],
    recordedByEmployeeId: ava,
    values: {
      employee: [mia],
      periodEnd: cal.iso(-7),
      rating: 'meets-expectations',
      achievements: 'Completed the forklift licence and led two toolbox talks.',
      goals: 'Complete the Certificate IV in WHS.',
      employeeSignature: SIGNATURE,
    },
    tables: {
      objectives: [
        { objective: 'Complete Certificate IV in WHS', target: '100', due: cal.iso(180) },
        { objective: 'Reduce workshop near misses', target: '50', due: cal.iso(90) },
      ],
    },
  });
  addSubmission(o, {
    key: '1012',
    template: review,
    state: 'closed',
    closedDaysAgo: 40,
    formDate: -45,
    description: 'Performance review - Ethan Clarke',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [ava],
    recordedByEmployeeId: ava,
    values: {
      employee: [ethan],
      periodEnd: cal.iso(-46),
      rating: 'exceeds-expectations',
      achievements: 'Rolled out the new incident reporting process across all sites.',
      employeeSignature: SIGNATURE,
      reviewerSignature: SIGNATURE,
    },
    tables: {
      objectives: [{ objective: 'Roll out the contractor portal', target: '100', due: cal.iso(60) }],
    },
  });
  addSubmission(o, {
    key: '1013',
    template: feedback,
    state: 'open',
    formDate: -1,
    description: 'Visitor feedback - North Gate',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [noah],
    values: {
      visitorName: 'Daniel Price',
      company: 'Oceanic Freight',
      visitDate: cal.iso(-1),
      experience: 'fair',
      areas: ['harbour-gate'],
      comments: 'The sign-in kiosk at the gate was out of order.',
    },
  });
  addSubmission(o, {
    key: '1014',
    template: feedback,
    state: 'closed',
    closedDaysAgo: 3,
    formDate: -9,
    description: 'Visitor feedback - South Gate',
    workplace: 'Harbour Site',
    branch: 'South Gate',
    coordinators: [noah],
    values: { visitorName: 'Laura Kim', experience: 'excellent', areas: ['reception', 'warehouse'] },
  });
  addSubmission(o, {
    key: '1015',
    template: incident,
    state: 'draft',
    formDate: 0,
    description: 'Damaged pallet racking upright',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [mia],
    recordedByEmployeeId: mia,
    values: { title: 'Damaged racking upright, aisle 4', date: cal.iso(0), category: 'property-damage' },
  });
  addSubmission(o, {
    key: '1016',
    template: inspection,
    state: 'draft',
    formDate: 0,
    description: 'Monthly inspection, Riverside warehouse',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [olivia],
    recordedByEmployeeId: olivia,
    values: { inspector: [olivia], areas: ['Racking', 'Loading Dock'], related: [s1003] },
  });
  addSubmission(o, {
    key: '1017',
    template: toolbox,
    state: 'open',
    formDate: -5,
    description: 'Workshop noise exposure talk',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [mia],
    recordedByEmployeeId: mia,
    values: {
      date: cal.iso(-5),
      time: '13:00',
      topic: 'Noise exposure in the workshop',
      hazardCategory: { category: 'Physical', subCategories: ['Noise'] },
      topics: ['PPE'],
      attendees: [mia, emp('lucas'), emp('william')],
    },
    actions: [
      { assignee: { employee: ava }, instruction: 'Book hearing tests for the workshop team.', due: 6 },
      { assignee: { employee: noah }, instruction: 'Check the angle grinder silencers.', due: -3 },
      { assignee: { employee: olivia }, instruction: 'Approve the purchase of new earmuffs.', due: -8 },
    ],
  });
  const s1018 = addSubmission(o, {
    key: '1018',
    template: review,
    state: 'draft',
    formDate: 0,
    description: 'Performance review - Noah Fischer',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [ava],
    recordedByEmployeeId: ava,
    values: { employee: [noah], periodEnd: cal.iso(0) },
  });
  addSubmission(o, {
    key: '1019',
    template: contractor,
    state: 'open',
    formDate: -7,
    description: 'Window cleaning, Head Office',
    workplace: 'Head Office',
    branch: 'Level 3',
    coordinators: [olivia],
    supplierId: zenith,
    recordedByPersonnelId: zoe,
    values: {
      company: [zenith],
      scope: 'External window cleaning of level 3.',
      permit: 'working-at-heights',
    },
    actions: [{ assignee: { personnel: zoe }, instruction: 'Provide the rope access certificate.', due: -2 }],
  });

  // Noticeboard.
  const longContent = [
    'From next month the quarterly safety audits move to a new schedule so that every site is covered by an independent auditor at least twice a year.',
    'Riverside Depot will be audited in the first week of the quarter, Harbour Site in the third week and Head Office in the sixth week.',
    'Site supervisors should make sure that the registers of plant, hazardous substances and risks are up to date two weeks before their audit, that every open action has a realistic due date, and that any overdue action has a note explaining the delay.',
    'Auditors will sample at least ten submissions per site, including incident reports, toolbox talks and contractor safety assessments, and will check that investigation sections are completed and signed off by the coordinator.',
    'They will also walk the site with the supervisor, so please plan for about two hours of your time on the day.',
    'If your site cannot host the audit in the planned week, tell Ethan Clarke as soon as possible so that another date can be found.',
    'The audit findings will be published on the noticeboard within a week of each audit, together with the actions raised.',
    'Thank you for your continued effort to keep our workplaces safe.',
  ].join(' ');
  addNotices(o, [
    {
      key: 'welcome',
      title: 'Welcome to Compass',
      content: 'Compass is now our system for forms, actions, audits and HR. Questions go to Olivia Bennett.',
      priority: 'none',
      start: -30,
      author: olivia,
    },
    {
      key: 'gate',
      title: 'North Gate closed for resurfacing',
      content:
        'The Harbour Site north gate is closed from Monday to Friday. Use the south gate; trucks are booked through the gatehouse.',
      priority: 'high',
      start: -2,
      expire: 5,
      author: noah,
    },
    {
      key: 'audits',
      title: 'New quarterly safety audit schedule',
      content: longContent,
      priority: 'medium',
      start: -7,
      expire: 30,
      author: ethan,
    },
    {
      key: 'ppe',
      title: 'Updated PPE policy',
      content:
        'The PPE policy has been updated: hearing protection is now required in the whole workshop. Please acknowledge the policy in Documents.',
      priority: 'low',
      start: -14,
      author: ava,
    },
    {
      key: 'party',
      title: 'End of year celebration',
      content: 'Join us at the Riverside Depot canteen for the end of year celebration.',
      priority: 'medium',
      start: -60,
      expire: -30,
      author: olivia,
    },
    {
      key: 'drill',
      title: 'Fire drill next month',
      content: 'A fire drill will be held at Head Office next month. Details to follow.',
      priority: 'low',
      start: 10,
      expire: 40,
      author: ethan,
    },
  ]);

  // Audits, obligations and documents.
  rows.audit.push(
    {
      id: o.id('audit', 'warehouse'),
      companyId,
      name: 'Quarterly Warehouse Audit',
      auditDate: cal.day(-7),
      ownerEmployeeId: ethan,
      templateId: safetyAudit.id,
      templateVersionId: safetyAudit.versionId,
      status: 'inProgress',
      frequency: 'quarterly',
      firstDueDate: cal.day(-7),
      ...place(o, 'Riverside Depot', 'Warehouse'),
      createdAt: cal.at(-8),
    },
    {
      id: o.id('audit', 'fire'),
      companyId,
      name: 'Head Office Fire Safety Audit',
      auditDate: cal.day(-3),
      ownerEmployeeId: olivia,
      templateId: safetyAudit.id,
      templateVersionId: safetyAudit.versionId,
      ...place(o, 'Head Office', 'Level 3'),
      createdAt: cal.at(-4),
    },
  );
  rows.auditQuestionTask.push({
    id: o.id('auditTask', 'liam'),
    companyId,
    auditId: o.id('audit', 'warehouse'),
    question: 'Are the racking repairs certified?',
    instruction: 'Upload the certificate for the aisle 4 repairs.',
    assigneeType: 'external',
    assigneePersonnelId: liam,
    dueDate: cal.day(4),
  });
  rows.obligation.push(
    {
      id: o.id('obligation', 'whs'),
      companyId,
      name: 'Work Health and Safety Act 2011',
      ownerEmployeeId: olivia,
    },
    {
      id: o.id('obligation', 'epl'),
      companyId,
      name: 'Environmental Protection Licence EPL-2231',
      ownerEmployeeId: noah,
    },
  );
  const library = addDocumentLibrary(o, {
    folders: {
      Policies: [
        ['Health and Safety Policy', 'years', 40, 3],
        ['PPE Policy', 'biYear', 120, 2],
      ],
      Procedures: [['Forklift Safe Work Procedure', 'years', 9, 1]],
      Plans: [['Emergency Response Plan', 'halfYear', 60, 2]],
      Handbooks: [['Employee Handbook', 'years', -4, 1]],
    },
    owner: olivia,
    reviewer: emp('sophie'),
    coReviewer: noah,
    audienceRoleIds: [o.id('role', 'Coordinator'), o.id('role', 'Restricted Employee')],
    awaitingApproval: 'Emergency Response Plan',
    rejected: {
      name: 'Forklift Safe Work Procedure',
      owner: emp('ethan'),
      approver: emp('sophie'),
      comment: 'Step 4 still names the old charging bay; please update the layout diagram too.',
    },
  });
  const documents = library.documents;
  // History: one acknowledged and one approved document.
  rows.documentAcknowledgement.push({
    id: o.id('acknowledgement', 'jack/ppe'),
    companyId,
    documentId: o.id('document', 'PPE Policy'),
    versionId: o.id('documentVersion', 'PPE Policy/2'),
    employeeId: emp('jack'),
    dueDate: cal.day(-5),
    acknowledgedAt: cal.at(-6, 11),
  });
  rows.documentApproval.push({
    id: o.id('approval', 'sophie/handbook'),
    companyId,
    documentId: o.id('document', 'Employee Handbook'),
    versionId: o.id('documentVersion', 'Employee Handbook/1'),
    employeeId: emp('sophie'),
    dueDate: cal.day(-20),
    status: 'approved',
    decidedAt: cal.at(-21, 15),
  });

  // Dashboards of the five employee accounts.
  const refs: DashboardRefs = {
    ownerId: olivia,
    auditTemplate: safetyAudit,
    hrTemplateId: wellbeing.id,
    performanceTemplateId: review.id,
    trainingTemplateId: induction.id,
    supplierTemplateId: contractor.id,
    auditId: o.id('audit', 'warehouse'),
    obligationId: o.id('obligation', 'whs'),
    obligationName: 'Work Health and Safety Act 2011',
    documents,
    approvalDocument: library.awaitingApproval,
    // One risk per person: a risk has one open review at a time.
    risks: [
      'Working at Heights',
      'Manual Handling',
      'Electrical Hazards',
      'Slips, Trips and Falls',
      'Forklift and Pedestrian Interaction',
    ].map((name) => ({
      id: risk(name),
      name,
    })),
    hazards: hazards.map((name) => ({ id: o.id('hazard', name), name })),
    supplierId: acme,
    personnelId: o.id('personnel', 'grace'),
    companyRequirementTypeId: reqType('Safety Management Plan'),
    personnelRequirementTypeId: reqType('First Aid Certificate'),
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
  };
  const people: DashboardPerson[] = [
    {
      key: 'olivia',
      employeeId: olivia,
      name: 'Olivia Bennett',
      reviewerId: ava,
      revieweeId: emp('harper'),
      coReviewerId: ethan,
      variant: 0,
    },
    {
      key: 'ethan',
      employeeId: ethan,
      name: 'Ethan Clarke',
      reviewerId: olivia,
      revieweeId: emp('jack'),
      coReviewerId: mia,
      variant: 1,
    },
    {
      key: 'mia',
      employeeId: mia,
      name: 'Mia Torres',
      reviewerId: ava,
      revieweeId: emp('lucas'),
      coReviewerId: noah,
      variant: 2,
      performanceSubmissionId: s1011,
    },
    {
      key: 'noah',
      employeeId: noah,
      name: 'Noah Fischer',
      reviewerId: ava,
      revieweeId: emp('mason'),
      coReviewerId: ava,
      variant: 3,
      performanceSubmissionId: s1018,
    },
    {
      key: 'ava',
      employeeId: ava,
      name: 'Ava Nguyen',
      reviewerId: olivia,
      revieweeId: emp('amelia'),
      coReviewerId: olivia,
      variant: 4,
    },
  ];
  for (const person of people) {
    // Half of them review Brightline Electrical (Kai) instead of Acme (Grace).
    const brightlineSide = person.variant % 2 === 1;
    const supplier = brightlineSide ? { supplierId: brightline, personnelId: o.id('personnel', 'kai') } : {};
    addDashboard(o, { ...refs, ...supplier }, person);
  }
  addObligationRegister(o, emp);

  // The supplier portal: Acme (company level), Liam and Ava (personnel), and Zoe (portal off).
  const supplierAssignments: Array<
    [string, string, string | null, string, AssignmentStatus, number, string | null]
  > = [
    ['acme/company', acme, null, olivia, 'assigned', 10, null],
    ['acme/liam', acme, liam, ethan, 'assigned', 3, null],
    ['acme/liam-draft', acme, liam, noah, 'assigned', -1, s1010],
    ['acme/liam-roof', acme, liam, olivia, 'submitted', 2, s1008],
    ['acme/liam-closed', acme, liam, ethan, 'closed', -20, null],
    ['acme/ava', acme, o.id('personnel', 'ava'), ethan, 'assigned', 12, null],
    ['zenith/zoe', zenith, zoe, olivia, 'assigned', 5, null],
    ['zenith/company', zenith, null, olivia, 'assigned', -3, null],
  ];
  for (const [
    key,
    supplierId,
    personnelId,
    reviewerEmployeeId,
    status,
    due,
    submissionId,
  ] of supplierAssignments) {
    rows.supplierAssignment.push({
      id: o.id('supplierAssignment', key),
      companyId,
      supplierId,
      personnelId,
      formTemplateId: contractor.id,
      reviewerEmployeeId,
      submissionId,
      status,
      dueDate: cal.day(due),
      closedAt: status === 'closed' ? cal.at(due + 2) : null,
      createdAt: cal.at(-30),
    });
  }
  const supplierRequirements: Array<
    [string, string, string | null, string, string, RequirementStatus, number, number | null]
  > = [
    ['acme/pli', acme, null, 'Public Liability Insurance', olivia, 'pending', 14, null],
    ['acme/smp', acme, null, 'Safety Management Plan', ethan, 'submitted', -2, 365],
    ['liam/induction', acme, liam, 'Induction Certificate', ethan, 'pending', 7, null],
    ['liam/firstAid', acme, liam, 'First Aid Certificate', ethan, 'approved', -60, 200],
    ['ava/induction', acme, o.id('personnel', 'ava'), 'Induction Certificate', ethan, 'pending', 20, null],
    ['zenith/pli', zenith, null, 'Public Liability Insurance', olivia, 'pending', 0, null],
    ['zoe/induction', zenith, zoe, 'Induction Certificate', olivia, 'rejected', -4, null],
  ];
  for (const [
    key,
    supplierId,
    personnelId,
    type,
    reviewerEmployeeId,
    status,
    due,
    expiry,
  ] of supplierRequirements) {
    rows.supplierRequirement.push({
      id: o.id('supplierRequirement', key),
      companyId,
      supplierId,
      personnelId,
      requirementTypeId: reqType(type),
      reviewerEmployeeId,
      status,
      dueDate: cal.day(due),
      expiryDate: expiry === null ? null : cal.day(expiry),
      reviewedAt: status === 'approved' || status === 'rejected' ? cal.at(due) : null,
      createdAt: cal.at(-40),
    });
  }
}
