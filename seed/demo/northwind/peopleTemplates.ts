import { addTemplate, type BuiltTemplate } from '../templates';
import type { Org } from '../rows';
import type { EmployeeOf } from './refs';

/** The employee performance review (HR). */
export function performanceReview(o: Org): BuiltTemplate {
  return addTemplate(o, {
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
}

/** Visitor feedback, filled in through a QR code. */
export function visitorFeedback(o: Org): BuiltTemplate {
  return addTemplate(o, {
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
}

/** The toolbox talk. */
export function toolboxTalk(o: Org, emp: EmployeeOf): BuiltTemplate {
  return addTemplate(o, {
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
}

/** The annual wellbeing check (HR). */
export function wellbeingCheck(o: Org): BuiltTemplate {
  return addTemplate(o, {
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
}

/** The safety induction quiz (HR). */
export function inductionRecord(o: Org): BuiltTemplate {
  return addTemplate(o, {
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
}
