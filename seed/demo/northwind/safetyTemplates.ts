import { addTemplate, type BuiltTemplate } from '../templates';
import type { Org } from '../rows';
import type { EmployeeOf } from './refs';

/** The incident report. */
export function incidentReport(o: Org, emp: EmployeeOf): BuiltTemplate {
  return addTemplate(o, {
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
}

/** The site inspection checklist. */
export function siteInspection(o: Org, emp: EmployeeOf): BuiltTemplate {
  return addTemplate(o, {
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
}

/** An audit template (Audit Inspection): yes / no / N/A questions are scored (docs/audits.md). */
export function safetyAudit(o: Org, emp: EmployeeOf): BuiltTemplate {
  return addTemplate(o, {
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
}

/** The contractor's safety assessment, sent to suppliers. */
export function contractorForm(o: Org): BuiltTemplate {
  return addTemplate(o, {
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
}
