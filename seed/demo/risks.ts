import { rateRisk, type HazardClass, type QuantityUnit } from '@compass/shared';
import type { Org } from './rows';

/**
 * The risk register and the hazardous substances register of a demo organisation: the risks and
 * substances its forms pick from, described, rated and scheduled. Where the dashboard seed gave an
 * item an open review, the item's reviewers and next review date are that review's; the others
 * are reviewed by their owner, who is none of the dashboard's demo accounts (their dashboards
 * stay as the dashboard tests know them). Actions go to the same people.
 */

type Pair = [number, number];

interface RiskText {
  hazard: string;
  consequences: string;
  controls: string;
  inherent: Pair;
  residual: Pair;
}

const RISKS: Record<string, RiskText> = {
  'Working at Heights': {
    hazard: 'Work on mezzanines, racking and roofs above 2 m.',
    consequences: 'Falls causing fractures, head injury or death.',
    controls: 'Edge protection on mezzanines; harness and anchor points; height work permit.',
    inherent: [4, 5],
    residual: [2, 5],
  },
  'Manual Handling': {
    hazard: 'Lifting and carrying stock, bins and equipment by hand.',
    consequences: 'Back and shoulder strain, musculoskeletal injury.',
    controls: 'Trolleys and pallet jacks; team lifts over 20 kg; manual handling training.',
    inherent: [4, 3],
    residual: [3, 3],
  },
  'Slips, Trips and Falls': {
    hazard: 'Wet floors at the loading bays, cables and stock in walkways.',
    consequences: 'Sprains, bruising, fractures.',
    controls: 'Anti-slip matting; walkway markings; spill kits; housekeeping checks.',
    inherent: [4, 2],
    residual: [3, 2],
  },
  'Forklift and Pedestrian Interaction': {
    hazard: 'Forklifts operating where people walk in the warehouse and yard.',
    consequences: 'Crush injuries or death.',
    controls: 'Separated pedestrian walkways; blue spot lights; licensed operators only.',
    inherent: [4, 5],
    residual: [4, 5],
  },
  'Electrical Hazards': {
    hazard: 'Portable tools, leads and switchboards in the workshop.',
    consequences: 'Electric shock, burns, fire.',
    controls: 'Test and tag every six months; RCDs on every circuit; licensed electricians only.',
    inherent: [3, 5],
    residual: [2, 5],
  },
  'Workshop Noise Exposure': {
    hazard: 'Grinders, compressors and impact tools above 85 dB(A).',
    consequences: 'Noise-induced hearing loss, tinnitus.',
    controls: 'Hearing protection zones; quieter tools; annual audiometric testing.',
    inherent: [4, 2],
    residual: [2, 2],
  },
  'Office Ergonomics': {
    hazard: 'Long hours at desks and screens.',
    consequences: 'Neck, back and wrist discomfort.',
    controls: 'Adjustable chairs and desks; workstation assessments.',
    inherent: [3, 1],
    residual: [2, 1],
  },
};

const GENERIC_RISK: RiskText = {
  hazard: 'Hazard identified by the site team.',
  consequences: 'Injury to workers or visitors.',
  controls: 'Safe work procedure; supervision; training.',
  inherent: [3, 3],
  residual: [2, 2],
};

interface SubstanceText {
  supplier: string;
  location: string;
  quantity: [number, QuantityUnit];
  classes: HazardClass[];
  rating: Pair;
  /** Days before today the safety data sheet was issued (over 1,826: older than five years). */
  sdsAge: number;
}

const SUBSTANCES: Record<string, SubstanceText> = {
  'Diesel Fuel': {
    supplier: 'Coastal Fuels',
    location: 'Bunded fuel store',
    quantity: [2000, 'L'],
    classes: ['flammable', 'healthHazard', 'environmental'],
    rating: [3, 4],
    sdsAge: 400,
  },
  'Sodium Hypochlorite (Bleach)': {
    supplier: 'CleanCo Supplies',
    location: 'Cleaner’s cupboard',
    quantity: [40, 'L'],
    classes: ['corrosive', 'environmental'],
    rating: [3, 3],
    sdsAge: 2100,
  },
  'Acetylene Gas': {
    supplier: 'Industrial Gases Ltd',
    location: 'Gas cage, workshop',
    quantity: [4, 'units'],
    classes: ['flammable', 'compressedGas'],
    rating: [2, 5],
    sdsAge: 900,
  },
  'Hydraulic Oil': {
    supplier: 'Lubricants Direct',
    location: 'Workshop oil rack',
    quantity: [200, 'L'],
    classes: ['irritant', 'environmental'],
    rating: [2, 2],
    sdsAge: 300,
  },
  'Paint Thinner': {
    supplier: 'Trade Paints',
    location: 'Flammables cabinet',
    quantity: [25, 'L'],
    classes: ['flammable', 'irritant', 'healthHazard'],
    rating: [3, 3],
    sdsAge: 1950,
  },
};

const GENERIC_SUBSTANCE: SubstanceText = {
  supplier: 'General Supplies',
  location: 'Chemical store',
  quantity: [10, 'L'],
  classes: ['irritant'],
  rating: [2, 2],
  sdsAge: 500,
};

export function addRiskRegisters(o: Org): void {
  const { rows, cal, companyId } = o;
  const mine = <T extends { companyId: string }>(list: T[]) =>
    list.filter((row) => row.companyId === companyId);
  const reviews = mine(rows.review);
  const dashboardPeople = new Set(
    reviews.flatMap((review) => [review.reviewerEmployeeId, review.coReviewerEmployeeId]),
  );
  const stewards = mine(rows.employee).filter(
    (employee) => employee.isActive !== false && !dashboardPeople.has(employee.id!),
  );
  const workplaces = mine(rows.workplace);
  if (stewards.length === 0 || workplaces.length === 0) return;

  /** The item's open review from the dashboard seed, or a new one reviewed by its owner. */
  const schedule = (
    itemType: 'riskRegister' | 'hazardousRegister',
    item: { id?: string; name: string; isActive?: boolean },
    ownerId: string,
    index: number,
  ) => {
    // A retired item is reviewed no more.
    if (item.isActive === false) return {};
    const itemId = item.id!;
    const name = item.name;
    const open = reviews.find((review) => review.itemId === itemId && !review.completedAt);
    if (open) {
      open.frequency = 'years';
      return {
        reviewFrequency: 'years' as const,
        reviewerEmployeeId: open.reviewerEmployeeId,
        coReviewerEmployeeId: open.coReviewerEmployeeId ?? null,
        nextReviewDate: open.dueDate,
      };
    }
    const nextReviewDate = cal.day(index % 3 === 0 ? -5 : 20 + index * 15);
    rows.review.push({
      id: o.id('registerReview', itemId),
      companyId,
      itemType,
      itemId,
      name,
      reviewerEmployeeId: ownerId,
      frequency: 'halfYear',
      dueDate: nextReviewDate,
      createdAt: cal.at(-60),
    });
    return {
      reviewFrequency: 'halfYear' as const,
      reviewerEmployeeId: ownerId,
      coReviewerEmployeeId: null,
      nextReviewDate,
    };
  };

  mine(rows.risk).forEach((risk, index) => {
    const text = RISKS[risk.name] ?? GENERIC_RISK;
    const owner = stewards[index % stewards.length]!.id!;
    const [likelihood, consequence] = text.residual;
    const { score, colour } = rateRisk({ likelihood, consequence });
    Object.assign(risk, {
      hazard: text.hazard,
      consequences: text.consequences,
      existingControls: text.controls,
      inherentLikelihood: text.inherent[0],
      inherentConsequence: text.inherent[1],
      residualLikelihood: likelihood,
      residualConsequence: consequence,
      score,
      colour,
      ownerEmployeeId: owner,
      workplaceId: workplaces[index % workplaces.length]!.id,
      ...schedule('riskRegister', risk, owner, index),
    });
    if (index % 2 === 0) {
      rows.action.push({
        id: o.id('riskAction', risk.name),
        companyId,
        riskId: risk.id,
        taskNumber: 1,
        instruction: `Check the controls for ${risk.name.toLowerCase()} are in place and working.`,
        actionType: 'internal',
        assigneeEmployeeId: owner,
        dueDate: cal.day(7 + index),
        isComplete: index % 4 === 0,
        completedOn: index % 4 === 0 ? cal.day(-2) : null,
        response: index % 4 === 0 ? 'Checked on the floor walk: all in place.' : null,
        createdAt: cal.at(-10),
      });
    }
  });

  mine(rows.hazardousSubstance).forEach((substance, index) => {
    const text = SUBSTANCES[substance.name] ?? GENERIC_SUBSTANCE;
    const owner = stewards[(index + 1) % stewards.length]!.id!;
    const [likelihood, consequence] = text.rating;
    const { score, colour } = rateRisk({ likelihood, consequence });
    Object.assign(substance, {
      supplierName: text.supplier,
      storageLocation: text.location,
      quantity: text.quantity[0],
      quantityUnit: text.quantity[1],
      hazardClasses: text.classes,
      likelihood,
      consequence,
      score,
      colour,
      sdsIssueDate: cal.day(-text.sdsAge),
      sdsExpiryDate: cal.day(1826 - text.sdsAge),
      ownerEmployeeId: owner,
      workplaceId: workplaces[index % workplaces.length]!.id,
      ...schedule('hazardousRegister', substance, owner, index),
    });
  });
}
