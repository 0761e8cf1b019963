/**
 * Vismate, the visitor register (docs/timesheets-and-visitors.md): the query keys of what it shows,
 * for an area whose writes move who is on site (a clock-in or a timesheet correction).
 */
export { visitorKeys } from './api';
