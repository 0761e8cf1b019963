import type { BuiltTemplate } from '../templates';

/** An employee's id by their key (their first name in lower case). */
export type EmployeeOf = (key: string) => string;

/** Northwind's people the other pieces refer to: employees by key, the suppliers and their personnel. */
export interface NorthwindPeople {
  emp: EmployeeOf;
  ethan: string;
  olivia: string;
  mia: string;
  noah: string;
  ava: string;
  acme: string;
  zenith: string;
  brightline: string;
  liam: string;
  zoe: string;
}

/** Ids in Northwind's registers by name, and the active hazardous substances. */
export interface NorthwindRegisters {
  asset: (name: string) => string;
  risk: (name: string) => string;
  reqType: (name: string) => string;
  hazards: string[];
}

export interface NorthwindTemplates {
  incident: BuiltTemplate;
  inspection: BuiltTemplate;
  safetyAudit: BuiltTemplate;
  contractor: BuiltTemplate;
  review: BuiltTemplate;
  feedback: BuiltTemplate;
  toolbox: BuiltTemplate;
  wellbeing: BuiltTemplate;
  induction: BuiltTemplate;
}

/** The submissions that later pieces (dashboards, the supplier portal) point at. */
export interface NorthwindSubmissions {
  s1008: string;
  s1010: string;
  s1011: string;
  s1018: string;
}

export type Northwind = NorthwindPeople & NorthwindRegisters & { templates: NorthwindTemplates };
