import { addTemplate, type BuiltTemplate } from '../templates';
import type { Org } from '../rows';
import type { EmployeeOf } from './refs';

/** A template no longer in use. */
export function legacyHazardReport(o: Org): BuiltTemplate {
  return addTemplate(o, {
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
}

/** One template holding every field type of the registry, so a single form exercises them all (the browser test of issue #4 fills it in; the screenshot submission-editor-every-field). */
export function everyFieldType(o: Org, emp: EmployeeOf): BuiltTemplate {
  return addTemplate(o, {
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
}
