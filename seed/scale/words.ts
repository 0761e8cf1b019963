/** The words of the scale seed: names, titles and texts its rows pick from (SQL arrays). */
const list = (values: string[]) =>
  `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;

// prettier-ignore
export const FIRST_NAMES = list([
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Oliver', 'Sophia', 'Elijah', 'Isabella', 'James',
  'Mia', 'William', 'Amelia', 'Benjamin', 'Harper', 'Lucas', 'Evelyn', 'Henry', 'Abigail', 'Alexander',
  'Emily', 'Mason', 'Ella', 'Michael', 'Elizabeth', 'Ethan', 'Camila', 'Daniel', 'Luna', 'Jacob',
  'Sofia', 'Logan', 'Avery', 'Jackson', 'Mila', 'Levi', 'Aria', 'Sebastian', 'Scarlett', 'Grace',
]);
// prettier-ignore
export const LAST_NAMES = list([
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson',
  'Thompson', 'Nguyen', 'Thomas', 'Walker', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King',
  'Davis', 'Wright', 'Evans', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel',
  'Khan', 'Lewis', 'James', 'Phillips', 'Mitchell', 'Turner', 'Campbell', 'Edwards', 'Baker', 'Young',
  'Allen', 'Scott', 'Hill', 'Moore', 'Cooper', 'Ward', 'Morris', 'Price', 'Bell', 'Murphy',
]);
// prettier-ignore
export const POSITIONS = list([
  'Managing Director', 'Operations Manager', 'Safety Coordinator', 'Site Supervisor', 'Technician',
  'HR Officer', 'Warehouse Operative', 'Administration Officer', 'Quality Officer', 'Driver',
  'Electrician', 'Plumber', 'Fitter', 'Cleaner', 'Security Officer', 'Project Manager', 'Estimator',
  'Procurement Officer', 'Receptionist', 'Apprentice',
]);
// prettier-ignore
export const CITIES = list([
  'Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Hobart', 'Darwin', 'Canberra', 'Geelong', 'Newcastle',
]);
export const BRANCHES = list(['Warehouse', 'Workshop', 'Office', 'Yard']);
// prettier-ignore
export const TEMPLATES = list([
  'Incident Report', 'Hazard Report', 'Site Inspection', 'Vehicle Pre-start Check', 'Toolbox Talk',
  'Near Miss Report', 'Forklift Daily Check', 'Fire Equipment Check', 'First Aid Kit Check', 'Ladder Inspection',
  'Permit to Work', 'Hot Work Permit', 'Confined Space Entry', 'Working at Heights Checklist', 'Chemical Register Check',
  'Housekeeping Audit', 'Ergonomic Assessment', 'Plant Risk Assessment', 'Job Safety Analysis', 'Environmental Audit',
  'Employee Onboarding', 'Annual Performance Review', 'Leave Request', 'Exit Interview',
  'Contractor Prequalification', 'Supplier Quality Assessment', 'Contractor Site Induction',
  'QR Asset Check-in', 'QR Visitor Sign-in', 'QR Equipment Fault',
]);
// prettier-ignore
export const INSTRUCTIONS = list([
  'Replace the damaged guard and record the fix.', 'Retrain the operator and attach the record.',
  'Repair the leaking valve.', 'Update the risk assessment.', 'Install additional signage.',
  'Order replacement PPE.', 'Book the electrician to test and tag.', 'Clear the blocked fire exit.',
  'Review the procedure with the team.', 'Confirm the corrective action is effective.',
]);
// prettier-ignore
export const QUESTIONS = list([
  'Are fire extinguishers tagged and in date?', 'Are walkways clearly marked?', 'Is the first aid kit stocked?',
  'Are racking load signs displayed?', 'Is the emergency plan displayed at every exit?',
  'Are chemical SDS current?', 'Is PPE worn in designated areas?', 'Are guards fitted to all machinery?',
  'Is the spill kit complete?', 'Are ladders inspected and tagged?',
]);
// prettier-ignore
export const NOTICE_TITLES = list([
  'Site shutdown', 'New induction process', 'Toolbox talk this week', 'Fire drill', 'Policy update',
  'Welcome new starters', 'Safety award', 'Car park works', 'Systems maintenance', 'Quarterly results',
]);

export const PARAGRAPH =
  'Please read this notice carefully and share it with your team. Contact your supervisor if you have any ' +
  'questions about how this affects your work area, your shifts or the equipment you use. ';
