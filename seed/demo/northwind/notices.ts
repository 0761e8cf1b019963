import { addNotices } from '../notices';
import type { Org } from '../rows';
import type { NorthwindPeople } from './refs';

/** The noticeboard: current, expired and future notices of every priority. */
export function addNorthwindNotices(o: Org, { ethan, olivia, noah, ava }: NorthwindPeople): void {
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
}
